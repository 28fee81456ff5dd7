import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errors } from '../../errors';
import { getStore, type Store } from '../stores';
import type { User } from '../users';
import type { ContentAnswer, HomepageAnswer } from '../../../core/wire/content-block';
import { findBlock, withoutWebp, type ContentKind } from './blocks';
import { userGroupsOf, type Audience } from './targeting';
import type { Answer } from './content-caches';
import { contentHtml, homepage } from '../../../core/api/schemas/content';

// The answer of a content call (docs/api.md) for a parsed query: used by the REST route and by the first render
// of a page, which asks the same question through the same query (core/store-layer/content-query.ts), so a
// slot filled on the server holds exactly what the call would have answered.

export interface ContentQuery {
  slug?: string;
  store_id?: number;
  store_group_ids?: number[];
  user_group_ids?: number[];
  slider_id?: string;
  webp?: boolean;
}

export type { Answer };

export const cachedStore = (app: FastifyInstance, id: number): Promise<Store | null> =>
  app.contentCaches.stores.get(String(id), () => getStore(app.db.kysely, id));

export function answer(field: 'html' | 'url', value: string, blockId: number | null = null): Answer {
  // Sent as text by the route (cached, with its ETag): encoded here by the route's answer schema (core/api/).
  const body: ContentAnswer | HomepageAnswer = field === 'html' ? contentHtml.encode({ html: value }) : homepage.encode({ url: value });
  const json = JSON.stringify(body);
  return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`, value, blockId };
}

/**
 * Store mode (store_id: the store's groups) or group mode (the groups the caller sends). `known` is a store the
 * caller has already read (a page render): used when it is the one asked for.
 */
export async function audienceOf(app: FastifyInstance, user: User | null, q: ContentQuery, known?: Store | null): Promise<Audience> {
  if (q.store_id !== undefined) {
    const store = known?.id === q.store_id ? known : await cachedStore(app, q.store_id);
    if (!store) throw errors.missing('Store');
    return { storeId: store.id, storeGroupIds: store.store_group_ids, userGroupIds: userGroupsOf(user) };
  }
  return { storeId: null, storeGroupIds: q.store_group_ids ?? [], userGroupIds: q.user_group_ids ?? [] };
}

const answerKey = (kind: string, a: Audience, slot: Record<string, unknown>): string =>
  `${kind}|${a.storeId ?? ''}|${a.storeGroupIds.join(',')}|${a.userGroupIds.join(',')}|${JSON.stringify(slot)}`;

/** The block for a content call, serialised (kept as briefly as the blocks, by what it depends on). */
export async function contentAnswer(
  app: FastifyInstance,
  kind: ContentKind,
  q: ContentQuery,
  user: User | null,
  /** Another moment than now (a preview of the site at a date): answered afresh, never cached. */
  at?: number,
  /** The visitor's store, when the caller has read it (a page render). */
  known?: Store | null,
): Promise<Answer> {
  const audience = await audienceOf(app, user, q, known);
  const db = app.db.kysely;
  const { answers } = app.contentCaches;
  const cached = (key: string, load: () => Promise<Answer>) => (at === undefined ? answers.get(key, load) : load());
  if (kind !== 'slider')
    return cached(answerKey(kind, audience, { slug: q.slug }), async () => {
      const block = await findBlock(db, kind, audience, { slug: q.slug, now: at });
      return answer('html', block?.html ?? '', block?.id ?? null);
    });
  const slot = { slug: q.slug, sliderId: q.slider_id, webp: q.webp !== false };
  return cached(answerKey('slider', audience, slot), async () => {
    const block = await findBlock(db, 'slider', audience, { slug: q.slug, sliderId: q.slider_id, now: at });
    const html = block?.html ?? '';
    return answer('html', slot.webp ? html : withoutWebp(html), block?.id ?? null);
  });
}
