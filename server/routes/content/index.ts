import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../errors';
import { answer, cachedStore, contentAnswer, type Answer } from '../../services/content/answers';
import { homepageFor } from '../../services/content/homepage';
import { answers, withSchemas } from '../../validation';
import { homepageQuery, sliderQuery, targetingQuery } from '../../services/content/params';
import * as contentApi from '../../../core/api/content';
import * as S from '../../../core/api/schemas/content';

// Content REST (docs/api.md) at /wp-json/freshop/v1/content/…: store mode (store_id) or group mode
// (store_group_ids + user_group_ids). The nonce is checked by the visitor plugin: none means anonymous,
// a bad one is 403 rest_cookie_invalid_nonce. Answers carry an ETag and honour If-None-Match.

function send(request: FastifyRequest, reply: FastifyReply, { json, etag }: Answer): FastifyReply {
  // Logged-in answers depend on the user: keep them out of shared caches.
  reply.header('Cache-Control', request.visitor.user ? 'private, max-age=60' : 'public, max-age=60');
  reply.header('Vary', 'Cookie, X-WP-Nonce');
  reply.header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

export async function contentRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;

  for (const kind of ['site-banner', 'cta', 'personalized-content'] as const) {
    app.get(
      contentApi.contentByKind[kind].path,
      { schema: { querystring: targetingQuery, response: answers(contentApi.contentByKind[kind], S.contentHtml) } },
      async (request, reply) => send(request, reply, await contentAnswer(app, kind, request.query, request.visitor.user)),
    );
  }

  app.get(
    contentApi.slider.path,
    { schema: { querystring: sliderQuery, response: answers(contentApi.slider, S.contentHtml) } },
    async (request, reply) => send(request, reply, await contentAnswer(app, 'slider', request.query, request.visitor.user)),
  );

  app.get(
    contentApi.homepage.path,
    { schema: { querystring: homepageQuery, response: answers(contentApi.homepage, S.homepage) } },
    async (request, reply) => {
      const store = await cachedStore(app, request.query.store_id);
      if (!store) throw errors.missing('Store');
      return send(
        request,
        reply,
        await app.contentCaches.homepages.get(String(store.id), async () => answer('url', await homepageFor(db, store))),
      );
    },
  );
}
