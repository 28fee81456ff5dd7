import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../errors';
import { findBlock, withoutWebp, type ContentKind } from '../../services/content/blocks';
import { homepageFor } from '../../services/content/homepage';
import { userGroupsOf, type Audience } from '../../services/content/targeting';
import { MicroCache } from '../../services/content/micro-cache';
import { getStore, type StoreJson } from '../../services/stores';
import { parse } from '../../validation';
import { homepageQuery, sliderQuery, targetingQuery, type TargetingQuery } from './params';

// Content REST (SPEC §7) at /wp-json/freshop/v1/content/…: store mode (store_id) or group mode
// (store_group_ids + user_group_ids). The nonce is checked by the visitor plugin: none means anonymous,
// a bad one is 403 rest_cookie_invalid_nonce. Answers carry an ETag and honour If-None-Match.

const BASE = '/wp-json/freshop/v1/content';
const storeCache = new MicroCache<StoreJson | null>();
const homeCache = new MicroCache<string>();
const cachedStore = (app: FastifyInstance, id: number) => storeCache.get(String(id), () => getStore(app.db.kysely, id));

async function audienceOf(app: FastifyInstance, request: FastifyRequest, q: TargetingQuery): Promise<Audience> {
  if (q.store_id !== undefined) {
    const store = await cachedStore(app, q.store_id);
    if (!store) throw errors.missing('Store');
    return { storeId: store.id, storeGroupIds: store.store_group_ids, userGroupIds: userGroupsOf(request.visitor.user) };
  }
  return { storeId: null, storeGroupIds: q.store_group_ids ?? [], userGroupIds: q.user_group_ids ?? [] };
}

function send(request: FastifyRequest, reply: FastifyReply, body: Record<string, string>): FastifyReply | Record<string, string> {
  const json = JSON.stringify(body);
  const etag = `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;
  // Logged-in answers depend on the user: keep them out of shared caches.
  reply.header('Cache-Control', request.visitor.user ? 'private, max-age=60' : 'public, max-age=60');
  reply.header('Vary', 'Cookie, X-WP-Nonce');
  reply.header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  for (const kind of ['site-banner', 'cta', 'personalized-content'] as ContentKind[]) {
    app.get(`${BASE}/${kind}`, async (request, reply) => {
      const q = parse(targetingQuery, request.query, 'query');
      const block = await findBlock(db, kind, await audienceOf(app, request, q), { slug: q.slug });
      return send(request, reply, { html: block?.html ?? '' });
    });
  }

  app.get(`${BASE}/slider`, async (request, reply) => {
    const q = parse(sliderQuery, request.query, 'query');
    const block = await findBlock(db, 'slider', await audienceOf(app, request, q), { slug: q.slug, sliderId: q.slider_id });
    const html = block?.html ?? '';
    return send(request, reply, { html: q.webp === false ? withoutWebp(html) : html });
  });

  app.get(`${BASE}/homepage`, async (request, reply) => {
    const q = parse(homepageQuery, request.query, 'query');
    const store = await cachedStore(app, q.store_id);
    if (!store) throw errors.missing('Store');
    return send(request, reply, { url: await homeCache.get(String(store.id), () => homepageFor(db, store)) });
  });
}
