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
const homeCache = new MicroCache<Answer>();
const cachedStore = (app: FastifyInstance, id: number) => storeCache.get(String(id), () => getStore(app.db.kysely, id));

async function audienceOf(app: FastifyInstance, request: FastifyRequest, q: TargetingQuery): Promise<Audience> {
  if (q.store_id !== undefined) {
    const store = await cachedStore(app, q.store_id);
    if (!store) throw errors.missing('Store');
    return { storeId: store.id, storeGroupIds: store.store_group_ids, userGroupIds: userGroupsOf(request.visitor.user) };
  }
  return { storeId: null, storeGroupIds: q.store_group_ids ?? [], userGroupIds: q.user_group_ids ?? [] };
}

interface Answer {
  json: string;
  etag: string;
}

function answer(body: Record<string, string>): Answer {
  const json = JSON.stringify(body);
  return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"` };
}

/** Serialised answers by what they depend on (kind, slot, audience), kept as briefly as the blocks. */
const answers = new MicroCache<Answer>();
const answerKey = (kind: string, a: Audience, slot: Record<string, unknown>): string =>
  `${kind}|${a.storeId ?? ''}|${a.storeGroupIds.join(',')}|${a.userGroupIds.join(',')}|${JSON.stringify(slot)}`;

function send(request: FastifyRequest, reply: FastifyReply, { json, etag }: Answer): FastifyReply {
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
      const audience = await audienceOf(app, request, q);
      const res = await answers.get(answerKey(kind, audience, { slug: q.slug }), async () =>
        answer({ html: (await findBlock(db, kind, audience, { slug: q.slug }))?.html ?? '' }),
      );
      return send(request, reply, res);
    });
  }

  app.get(`${BASE}/slider`, async (request, reply) => {
    const q = parse(sliderQuery, request.query, 'query');
    const audience = await audienceOf(app, request, q);
    const slot = { slug: q.slug, sliderId: q.slider_id, webp: q.webp !== false };
    const res = await answers.get(answerKey('slider', audience, slot), async () => {
      const html = (await findBlock(db, 'slider', audience, { slug: q.slug, sliderId: q.slider_id }))?.html ?? '';
      return answer({ html: slot.webp ? html : withoutWebp(html) });
    });
    return send(request, reply, res);
  });

  app.get(`${BASE}/homepage`, async (request, reply) => {
    const q = parse(homepageQuery, request.query, 'query');
    const store = await cachedStore(app, q.store_id);
    if (!store) throw errors.missing('Store');
    return send(request, reply, await homeCache.get(String(store.id), async () => answer({ url: await homepageFor(db, store) })));
  });
}
