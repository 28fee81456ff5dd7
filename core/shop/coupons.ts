import { CHAIN_TIME_ZONE, storeDay } from './store-day';

// Digital coupons (docs/pricing.md, "Coupons"): a shopper clips a coupon to their account; the cart and the order
// apply it to eligible lines while it runs on the order day, after the member price: at most one coupon per line,
// and a coupon's discount covers at most `limit_per_order` units of the whole order.

/**
 * The day a coupon's first and last days are counted in: the chain's (CHAIN_TIME_ZONE), not a store's. Coupons are
 * the chain's, clipped to an account with no store, so the list, the clip, the widget, the cart and the order all
 * read one day: a coupon ending on the 28th ends at the chain's midnight at every store (docs/pricing.md).
 */
export const couponDay = (at: Date): string => storeDay(at, CHAIN_TIME_ZONE);

export interface Coupon {
  id: number;
  title: string;
  /** amount: cents off a unit; percent: whole percent off a unit. */
  discount_kind: 'amount' | 'percent';
  discount_value: number;
  product_ids: readonly number[];
  /** YYYY-MM-DD, inclusive. */
  start_date: string;
  end_date: string;
  limit_per_order: number;
  active: boolean;
}

/** A line as coupons see it: its product, units and the unit price charged before coupons (member price included). */
export interface CouponLine {
  product_id: number;
  quantity: number;
  unit_cents: number;
}

export interface AppliedCoupon {
  coupon_id: number;
  title: string;
  /** Units of the line the coupon covers (at most the coupon's limit per order, over all its lines). */
  units: number;
  /** Taken off the line's total. */
  discount_cents: number;
}

/** Why a clipped coupon that names a line's product is not applied. */
export interface SkippedCoupon {
  coupon_id: number;
  title: string;
  reason: 'ended' | 'not_started' | 'inactive' | 'limit_reached';
}

/** Whether the coupon can be used on an order placed on `day` (YYYY-MM-DD, the chain's: couponDay). */
export const couponRuns = (c: Pick<Coupon, 'active' | 'start_date' | 'end_date'>, day: string): boolean =>
  c.active && c.start_date <= day && day <= c.end_date;

/** Cents a coupon takes off one unit at `unit` cents (never more than the unit costs). */
export function unitDiscount(c: Pick<Coupon, 'discount_kind' | 'discount_value'>, unit: number): number {
  const off = c.discount_kind === 'percent' ? Math.round((unit * Math.min(100, c.discount_value)) / 100) : c.discount_value;
  return Math.max(0, Math.min(unit, off));
}

/**
 * The coupons applied to each line (by product id) on an order day, and the clipped coupons naming a product of
 * the cart that are not applied, with why. Each line takes the coupon worth most to it; a coupon's units go to
 * its dearest lines first, so the shopper gets the largest discount the limits allow.
 */
export function applyCoupons(
  lines: readonly CouponLine[],
  clipped: readonly Coupon[],
  day: string,
): { applied: Map<number, AppliedCoupon>; skipped: SkippedCoupon[] } {
  const applied = new Map<number, AppliedCoupon>();
  const skipped = new Map<number, SkippedCoupon>();
  const inCart = new Set(lines.map((l) => l.product_id));
  const running: Coupon[] = [];
  for (const c of clipped) {
    if (!c.product_ids.some((id) => inCart.has(id))) continue;
    if (couponRuns(c, day)) running.push(c);
    else
      skipped.set(c.id, {
        coupon_id: c.id,
        title: c.title,
        reason: !c.active ? 'inactive' : day < c.start_date ? 'not_started' : 'ended',
      });
  }
  // Every (coupon, line) pair by what the coupon's units are worth there, best first; ties by ids for a stable answer.
  const pairs = running
    .flatMap((c) =>
      lines
        .filter((l) => l.quantity > 0 && c.product_ids.includes(l.product_id))
        .map((l) => ({ c, l, each: unitDiscount(c, l.unit_cents) })),
    )
    .filter((p) => p.each > 0)
    .sort((a, b) => b.each - a.each || a.c.id - b.c.id || a.l.product_id - b.l.product_id);
  const left = new Map(running.map((c) => [c.id, c.limit_per_order]));
  for (const { c, l, each } of pairs) {
    if (applied.has(l.product_id)) continue;
    const units = Math.min(l.quantity, left.get(c.id) ?? 0);
    if (units <= 0) {
      if (!skipped.has(c.id)) skipped.set(c.id, { coupon_id: c.id, title: c.title, reason: 'limit_reached' });
      continue;
    }
    left.set(c.id, (left.get(c.id) ?? 0) - units);
    applied.set(l.product_id, { coupon_id: c.id, title: c.title, units, discount_cents: units * each });
  }
  // A coupon used on some line is not "skipped" because a later line found its limit spent.
  const used = new Set([...applied.values()].map((a) => a.coupon_id));
  return { applied, skipped: [...skipped.values()].filter((s) => !used.has(s.coupon_id)) };
}

/** What the shopper is told about a clipped coupon that was not applied. */
export function skippedCouponText(s: SkippedCoupon): string {
  switch (s.reason) {
    case 'ended':
      return `The coupon “${s.title}” has ended, so it was not applied.`;
    case 'not_started':
      return `The coupon “${s.title}” has not started yet, so it was not applied.`;
    case 'inactive':
      return `The coupon “${s.title}” was withdrawn, so it was not applied.`;
    case 'limit_reached':
      return `The coupon “${s.title}” is used up for this order (its limit per order).`;
  }
}
