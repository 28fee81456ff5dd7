import { describe, expect, it } from 'vitest';
import type { Cart, CartLine } from './api-types';
import { changesCart, storeChangeSummary } from './store-change-summary';

const line = (product_id: number, price_cents: number, available = true): CartLine => ({
  product_id,
  name: `Product ${product_id}`,
  size: '1 lb',
  image: '',
  quantity: 1,
  price_cents,
  was_cents: null,
  line_total_cents: price_cents,
  available,
  substitution: 'best_match',
  substitute_id: null,
  substitute_name: null,
});
const cart = (lines: CartLine[]): Cart => ({
  id: 1,
  store_id: 1,
  store_name: 'A',
  lines,
  count: lines.length,
  total_cents: 0,
  estimate: null,
});

describe('storeChangeSummary', () => {
  it('keeps same-price lines, lists price changes and the lines the new store does not sell', () => {
    const s = storeChangeSummary(
      cart([line(1, 299), line(2, 150), line(3, 500), line(4, 100, false)]),
      cart([line(1, 314), line(2, 150), line(3, 500, false), line(4, 100)]),
    );
    expect(s).toEqual({
      kept: 2,
      priceChanges: [{ product_id: 1, name: 'Product 1', from_cents: 299, to_cents: 314 }],
      unavailable: [{ product_id: 3, name: 'Product 3' }],
    });
    expect(changesCart(s)).toBe(true);
  });

  it('an empty or unchanged cart changes nothing', () => {
    expect(changesCart(storeChangeSummary(cart([]), cart([])))).toBe(false);
    expect(changesCart(storeChangeSummary(cart([line(1, 299)]), cart([line(1, 299)])))).toBe(false);
  });
});
