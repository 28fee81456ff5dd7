import { z } from 'zod';
import { id } from '../../validation';

// Query parameters of the content calls (docs/api.md). Lists come as "1,2,3" or as repeated keys.

const idList = z
  .union([z.string().max(400), z.array(z.string().max(40)).max(50)])
  .transform((v): unknown[] => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(z.array(id).max(50, 'lists at most 50 ids'));

const slug = z
  .string()
  .trim()
  .max(100, 'is too long')
  .regex(/^[a-z0-9_-]*$/i, 'may hold only letters, digits, - and _');
const flag = z.enum(['0', '1', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');

// Store mode (store_id) or group mode (store_group_ids + user_group_ids): one shape, one rule, for every
// content call; the slider adds its own keys.
const targetingFields = {
  _wpnonce: z.string().max(64).optional(),
  slug: slug.optional(),
  store_id: id.optional(),
  store_group_ids: idList.optional(),
  user_group_ids: idList.optional(),
};
const hasTarget = (q: { store_id?: number; user_group_ids?: number[] }): boolean =>
  q.store_id !== undefined || q.user_group_ids !== undefined;
const targetMessage = { message: 'send store_id (store mode) or store_group_ids and user_group_ids (group mode)', path: ['store_id'] };

export const targetingQuery = z.object(targetingFields).refine(hasTarget, targetMessage);

export const sliderQuery = z
  .object({ ...targetingFields, slider_id: slug.optional(), webp: flag.optional() })
  .refine(hasTarget, targetMessage);

// The homepage call also carries the page's own query string: unknown keys are allowed and ignored.
export const homepageQuery = z.looseObject({ _wpnonce: z.string().max(64).optional(), store_id: id });

export type TargetingQuery = z.infer<typeof targetingQuery>;
