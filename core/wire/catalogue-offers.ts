import { z } from 'zod';
import { cents, day, flag, ids, PUBLISH_STATES, requiredText, rowId, seoSchema, slug, text } from './catalogue-admin';

// The back office's offer formats (docs/catalogue.md): promotions, coupons and circulars.

const endsAfterStart = <T extends { start_date: string; end_date: string }>(v: T) => v.end_date >= v.start_date;
export const promotionInput = z
  .object({
    product_id: rowId,
    title: text(120).default(''),
    sale_price_cents: cents,
    start_date: day,
    end_date: day,
    store_ids: ids().default([]),
  })
  .refine(endsAfterStart, { path: ['end_date'], message: 'must not be before the start date' });
export type PromotionInput = z.input<typeof promotionInput>;
export type PromotionRecord = z.output<typeof promotionInput> & { id: number; product_name: string; updated_at: number };

export const COUPON_KINDS = ['amount', 'percent'] as const;
export const couponInput = z
  .object({
    title: requiredText(120, 'the coupon title'),
    description: text(500, true).default(''),
    discount_kind: z.enum(COUPON_KINDS, { error: 'must be amount or percent' }),
    discount_value: z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be more than 0').max(100_000),
    product_ids: ids(1000).min(1, 'choose at least one product'),
    start_date: day,
    end_date: day,
    limit_per_order: z.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(99, 'at most 99'),
    active: flag.default(true),
  })
  .refine(endsAfterStart, { path: ['end_date'], message: 'must not be before the start date' })
  .refine((c) => c.discount_kind !== 'percent' || c.discount_value <= 100, {
    path: ['discount_value'],
    message: 'a percentage is at most 100',
  });
export type CouponInput = z.input<typeof couponInput>;
export type CouponRecord = z.output<typeof couponInput> & { id: number; updated_at: number };

export const circularInput = z
  .object({
    title: requiredText(160, 'the circular title'),
    slug,
    start_date: day,
    end_date: day,
    display_start_date: day.nullable().default(null),
    display_end_date: day.nullable().default(null),
    store_ids: ids().default([]),
    items: z
      .array(z.object({ product_id: rowId, sale_price_cents: cents }))
      .max(500, 'at most 500 items')
      .default([])
      .refine((items) => new Set(items.map((i) => i.product_id)).size === items.length, 'lists a product twice'),
    status: z.enum(PUBLISH_STATES, { error: 'must be draft or publish' }),
    seo: seoSchema.default({}),
  })
  .refine(endsAfterStart, { path: ['end_date'], message: 'must not be before the start date' })
  .refine((c) => !c.display_start_date || !c.display_end_date || c.display_end_date >= c.display_start_date, {
    path: ['display_end_date'],
    message: 'must not be before the display start date',
  });
export type CircularInput = z.input<typeof circularInput>;
export type CircularRecord = Omit<z.output<typeof circularInput>, 'items'> & {
  id: number;
  items: Array<{ product_id: number; sale_price_cents: number; product_name: string }>;
};
