import { describe, expect, it } from 'vitest';
import { applyCoupons, unitDiscount, type Coupon } from './coupons';
import { memberPrice } from './price';

const coupon = (over: Partial<Coupon>): Coupon => ({
  id: 1,
  title: '$1 off eggs',
  discount_kind: 'amount',
  discount_value: 100,
  product_ids: [10],
  start_date: '2026-11-20',
  end_date: '2026-11-30',
  limit_per_order: 2,
  active: true,
  ...over,
});

describe('applyCoupons', () => {
  it('takes the discount off at most the limit per order, across lines', () => {
    const c = coupon({ product_ids: [10, 11], limit_per_order: 3 });
    const { applied } = applyCoupons(
      [
        { product_id: 10, quantity: 2, unit_cents: 399 },
        { product_id: 11, quantity: 2, unit_cents: 499 },
      ],
      [c],
      '2026-11-27',
    );
    expect(applied.get(10)).toMatchObject({ units: 2, discount_cents: 200 });
    expect(applied.get(11)).toMatchObject({ units: 1, discount_cents: 100 });
  });

  it('spends a percent coupon’s units on the dearest line first', () => {
    const c = coupon({ product_ids: [10, 11], discount_kind: 'percent', discount_value: 10, limit_per_order: 1 });
    const lines = [
      { product_id: 10, quantity: 1, unit_cents: 399 },
      { product_id: 11, quantity: 1, unit_cents: 599 },
    ];
    const { applied } = applyCoupons(lines, [c], '2026-11-27');
    expect([...applied.keys()]).toEqual([11]);
  });

  it('applies one coupon per line, the one worth most', () => {
    const small = coupon({ id: 1, discount_value: 50 });
    const big = coupon({ id: 2, title: '25% off eggs', discount_kind: 'percent', discount_value: 25 });
    const { applied } = applyCoupons([{ product_id: 10, quantity: 1, unit_cents: 400 }], [small, big], '2026-11-27');
    expect(applied.get(10)).toMatchObject({ coupon_id: 2, discount_cents: 100 });
  });

  it('does not apply a coupon that ended, and says so', () => {
    const { applied, skipped } = applyCoupons(
      [{ product_id: 10, quantity: 1, unit_cents: 400 }],
      [coupon({ end_date: '2026-11-26' })],
      '2026-11-27',
    );
    expect(applied.size).toBe(0);
    expect(skipped).toEqual([{ coupon_id: 1, title: '$1 off eggs', reason: 'ended' }]);
  });

  it('never takes more than the unit costs', () => {
    expect(unitDiscount({ discount_kind: 'amount', discount_value: 500 }, 299)).toBe(299);
    expect(unitDiscount({ discount_kind: 'percent', discount_value: 15 }, 299)).toBe(45);
  });
});

describe('memberPrice', () => {
  const shelf = { price_cents: 499, was_cents: null, sale_ends: null, basis: 'shelf' as const };
  it('gives members the member price where it is lower', () => {
    expect(memberPrice(shelf, 499, 449, true)).toMatchObject({ price_cents: 449, was_cents: 499, basis: 'member' });
  });
  it('leaves non-members, and a lower sale, alone', () => {
    expect(memberPrice(shelf, 499, 449, false)).toBe(shelf);
    const sale = { price_cents: 399, was_cents: 499, sale_ends: '2026-11-30', basis: 'sale' as const };
    expect(memberPrice(sale, 499, 449, true)).toBe(sale);
  });
});
