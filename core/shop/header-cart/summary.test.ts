import { describe, expect, it } from 'vitest';
import type { Cart, CartLine } from '../api-types';
import { cartAnnouncement, estimateLabel } from './summary';

const line = (product_id: number, name: string, quantity: number): CartLine => ({
  product_id,
  name,
  size: '1 lb',
  image: '',
  quantity,
  price_cents: 100,
  was_cents: null,
  line_total_cents: 100 * quantity,
  available: true,
  substitution: 'best_match',
  substitute_id: null,
  substitute_name: null,
});
const cart = (...lines: CartLine[]): Cart => ({
  id: 1,
  store_id: 1001,
  store_name: 'Columbus Short North',
  lines,
  count: lines.reduce((n, l) => n + l.quantity, 0),
  total_cents: lines.reduce((n, l) => n + l.line_total_cents, 0),
  estimate: null,
});

describe('cart announcements', () => {
  it('names every product one change added (a recipe adds several)', () => {
    expect(
      cartAnnouncement(
        cart(line(9, 'Milk', 1)),
        cart(line(1, 'Eggs', 1), line(9, 'Milk', 1), line(2, 'Tomatoes', 1), line(3, 'Paprika', 1)),
      ),
    ).toBe('Added Eggs, Tomatoes and Paprika. Cart: 4 items, $4.00.');
  });

  it('says what changed, then the cart', () => {
    expect(cartAnnouncement(null, cart(line(1, 'Bananas', 2)))).toBe('Cart: 2 items, $2.00.');
    expect(cartAnnouncement(cart(), cart(line(1, 'Bananas', 1)))).toBe('Added Bananas. Cart: 1 item, $1.00.');
    expect(cartAnnouncement(cart(line(1, 'Bananas', 3)), cart(line(1, 'Bananas', 2)))).toBe('Bananas: quantity 2. Cart: 2 items, $2.00.');
    // A stepper's + on a product already in the cart says its new quantity, not "Added" again.
    expect(cartAnnouncement(cart(line(1, 'Bananas', 1)), cart(line(1, 'Bananas', 2)))).toBe('Bananas: quantity 2. Cart: 2 items, $2.00.');
    expect(cartAnnouncement(cart(line(1, 'Bananas', 1), line(2, 'Milk', 1)), cart(line(2, 'Milk', 1)))).toBe(
      'Removed Bananas. Cart: 1 item, $1.00.',
    );
  });

  it('names the product of a change that came before the header knew the cart, from the line its dispatcher saw', () => {
    // A cart of milk the header never loaded: a keyboard shopper adds bananas on a slow phone.
    const after = cart(line(2, 'Milk', 1), line(1, 'Bananas', 1));
    expect(cartAnnouncement(null, after, { product_id: 1, name: 'Bananas', was: 0 })).toBe('Added Bananas. Cart: 2 items, $2.00.');
    expect(cartAnnouncement(null, cart(line(1, 'Bananas', 3)), { product_id: 1, name: 'Bananas', was: 2 })).toBe(
      'Bananas: quantity 3. Cart: 3 items, $3.00.',
    );
    expect(cartAnnouncement(null, cart(line(2, 'Milk', 1)), { product_id: 1, name: 'Bananas', was: 2 })).toBe(
      'Removed Bananas. Cart: 1 item, $1.00.',
    );
    // A baseline, when the header has one, decides: the line is only its fallback.
    expect(cartAnnouncement(cart(line(1, 'Bananas', 1)), cart(line(1, 'Bananas', 2)), { product_id: 1, name: 'Bananas', was: 0 })).toBe(
      'Bananas: quantity 2. Cart: 2 items, $2.00.',
    );
  });
});

describe('mini-cart estimate', () => {
  it('shows the order total at the cart store with its pickup fee and tax, and nothing for an empty cart or no store', () => {
    const one = cart(line(1, 'Bananas', 2));
    // 33.10: the pickup fee was in the total but never said.
    expect(
      estimateLabel({ ...one, estimate: { subtotal_cents: 200, coupon_cents: 0, fee_cents: 495, tax_cents: 12, total_cents: 707 } }),
    ).toBe('Estimated total at Columbus Short North: $7.07 (with $4.95 pickup fee and $0.12 tax)');
    expect(
      estimateLabel({ ...one, estimate: { subtotal_cents: 4000, coupon_cents: 100, fee_cents: 0, tax_cents: 0, total_cents: 3900 } }),
    ).toBe('Estimated total at Columbus Short North: $39.00 (with free pickup and $0.00 tax, after $1.00 in coupons)');
    expect(estimateLabel(one)).toBeNull();
    expect(
      estimateLabel({ ...cart(), estimate: { subtotal_cents: 0, coupon_cents: 0, fee_cents: 0, tax_cents: 0, total_cents: 0 } }),
    ).toBeNull();
  });
});
