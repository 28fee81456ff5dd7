// Content block targeting (docs/behaviour.md): a block applies when every list it sets meets the visitor's.
// Empty lists mean "any". Store mode knows the store (and through it the store groups); group mode gets
// the store group ids and user group ids from the caller.

import { UNKNOWN_USER_GROUP_ID, userGroupIds } from '../../../core/store-layer/content-query';

export { UNKNOWN_USER_GROUP_ID };

export interface Audience {
  storeId: number | null;
  storeGroupIds: number[];
  userGroupIds: number[];
}

export interface Targeted {
  store_ids: number[];
  store_group_ids: number[];
  user_group_ids: number[];
  priority: number;
  id: number;
}

const meets = (wanted: number[], have: number[]): boolean => wanted.length === 0 || wanted.some((id) => have.includes(id));

export function appliesTo(block: Targeted, audience: Audience): boolean {
  return (
    (block.store_ids.length === 0 || (audience.storeId !== null && block.store_ids.includes(audience.storeId))) &&
    meets(block.store_group_ids, audience.storeGroupIds) &&
    meets(block.user_group_ids, audience.userGroupIds)
  );
}

/** How specific a block is: a block for the store beats one for its group beats one for everybody. */
const specificity = (b: Targeted): number =>
  (b.store_ids.length ? 4 : 0) + (b.store_group_ids.length ? 2 : 0) + (b.user_group_ids.length ? 1 : 0);

/** The block to show: highest priority, then the most specific, then the oldest. */
export function pickBlock<T extends Targeted>(blocks: T[], audience: Audience): T | null {
  const hits = blocks.filter((b) => appliesTo(b, audience));
  hits.sort((a, b) => b.priority - a.priority || specificity(b) - specificity(a) || a.id - b.id);
  return hits[0] ?? null;
}

/** The user groups of a visitor: segment ids when logged in, the unknown-user group otherwise. */
export const userGroupsOf = (user: { id: number; segment_ids: number[] } | null): number[] =>
  userGroupIds(user ?? { id: 0, segment_ids: [] });
