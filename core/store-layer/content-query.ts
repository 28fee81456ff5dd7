import { contentByKind } from '../api/content';
import { urlOf } from '../api/endpoint';
import { withNonce } from '../http';
import type { ContentKind } from '../wire/content-block';
import type { Store } from '../wire/store';

export type { ContentKind };

// Query strings of the content calls (docs/api.md) in store mode (store_id) or group mode (store_group_ids +
// user_group_ids). Anonymous visitors belong to the unknown-user group (docs/behaviour.md).

export const UNKNOWN_USER_GROUP_ID = 22728263;
export type TargetingMode = 'store' | 'group';

/** Kit setting content_targeting: 'group' sends store and user groups instead of the store id. */
export const targetingMode = (kit: Record<string, unknown>): TargetingMode => (kit.content_targeting === 'group' ? 'group' : 'store');

export interface QueryInput {
  mode: TargetingMode;
  store: Pick<Store, 'id' | 'store_group_ids'> | null;
  user: { id: number; segment_ids: number[] };
  slug?: string;
  sliderId?: string;
  /** Whether the browser shows WebP; a function is asked only for a slider (the check encodes a canvas). */
  webp?: boolean | (() => boolean);
}

export const userGroupIds = (user: { id: number; segment_ids: number[] }): number[] =>
  user.id ? user.segment_ids : [UNKNOWN_USER_GROUP_ID];

export function contentQuery(kind: ContentKind, input: QueryInput): URLSearchParams {
  const q = new URLSearchParams();
  if (input.slug) q.set('slug', input.slug);
  if (kind === 'slider') {
    if (input.sliderId) q.set('slider_id', input.sliderId);
    q.set('webp', (typeof input.webp === 'function' ? input.webp() : input.webp) ? '1' : '0');
  }
  if (input.mode === 'store' && input.store) q.set('store_id', String(input.store.id));
  else {
    q.set('store_group_ids', (input.store?.store_group_ids ?? []).join(','));
    q.set('user_group_ids', userGroupIds(input.user).join(','));
  }
  return q;
}

export function contentUrl(kind: ContentKind, input: QueryInput): string {
  // The current nonce in the URL (core/http.ts): a browser-cached anonymous answer is not reused after sign-in.
  return withNonce(urlOf(contentByKind[kind], {}, contentQuery(kind, input).toString()));
}
