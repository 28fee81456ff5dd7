import { describe, expect, it } from 'vitest';
import { advertisedPrice, changeTiers, linePrice, tiersOf, tiersTotal } from './price';

// The shop's one price rule (docs/pricing.md): the pickup day's price, a weekly-ad price honoured when the ad ran
// on the order day, and a quantity added after the ad ended priced on the day of the change.

const shelf = { price_cents: 299, sale_price_cents: null, sale_start: null, sale_end: null };
const ad = [{ sale_price_cents: 209, start_date: '2026-11-18', end_date: '2026-11-24' }];

describe('linePrice', () => {
  it('honours the ad price when the ad ran on the order day, whatever the pickup day', () => {
    expect(linePrice(shelf, ad, { orderedOn: '2026-11-24', pickupDay: '2026-11-27' })).toEqual({
      price_cents: 209,
      was_cents: 299,
      sale_ends: '2026-11-24',
      basis: 'ad_honoured',
    });
  });

  it('charges the pickup day’s price when the ad had ended on the order day (the expired ad is not kept)', () => {
    expect(linePrice(shelf, ad, { orderedOn: '2026-11-25', pickupDay: '2026-11-27' }).price_cents).toBe(299);
  });

  it('gives an ad running on the pickup day even when ordered before it started', () => {
    expect(linePrice(shelf, ad, { orderedOn: '2026-11-16', pickupDay: '2026-11-19' })).toMatchObject({ price_cents: 209, basis: 'sale' });
  });

  it('prices the store’s own sale on the pickup day only', () => {
    const own = { ...shelf, sale_price_cents: 249, sale_start: '2026-11-20', sale_end: '2026-11-22' };
    expect(linePrice(own, [], { orderedOn: '2026-11-21', pickupDay: '2026-11-23' }).price_cents).toBe(299);
    expect(linePrice(own, [], { orderedOn: '2026-11-19', pickupDay: '2026-11-22' }).price_cents).toBe(249);
  });

  it('never charges more than the shelf price (an “ad” above it is ignored)', () => {
    expect(linePrice(shelf, [{ ...ad[0], sale_price_cents: 349 }], { orderedOn: '2026-11-20', pickupDay: '2026-11-20' }).price_cents).toBe(
      299,
    );
  });
});

describe('quantity changes after the ad ended', () => {
  it('charges added units at the day of the change, and takes the latest units off first', () => {
    const placed = [{ quantity: 2, price_cents: 209 }];
    const grown = changeTiers(placed, 99, 299);
    expect(grown).toEqual([
      { quantity: 2, price_cents: 209 },
      { quantity: 97, price_cents: 299 },
    ]);
    expect(tiersTotal(grown)).toBe(2 * 209 + 97 * 299);
    expect(changeTiers(grown, 3, 299)).toEqual([
      { quantity: 2, price_cents: 209 },
      { quantity: 1, price_cents: 299 },
    ]);
    expect(changeTiers(grown, 1, 299)).toEqual([{ quantity: 1, price_cents: 209 }]);
    // Growing again at the same price adds to the last tier.
    expect(changeTiers([{ quantity: 2, price_cents: 299 }], 5, 299)).toEqual([{ quantity: 5, price_cents: 299 }]);
  });

  it('reads lines stored without tiers, or with damaged ones, as one tier at their unit price', () => {
    expect(tiersOf(null, 4, 209)).toEqual([{ quantity: 4, price_cents: 209 }]);
    expect(tiersOf([{ quantity: 1, price_cents: 209 }], 4, 209)).toEqual([{ quantity: 4, price_cents: 209 }]);
    expect(tiersOf([{ quantity: 'x' }], 2, 100)).toEqual([{ quantity: 2, price_cents: 100 }]);
  });
});

describe('advertisedPrice (the weekly-ad page)', () => {
  it('shows the ad price until the ad ends, and the regular price after', () => {
    const sale = ad[0];
    expect(advertisedPrice('2026-11-16', 299, sale).price_cents).toBe(209); // upcoming
    expect(advertisedPrice('2026-11-24', 299, sale).price_cents).toBe(209); // last day
    expect(advertisedPrice('2026-11-25', 299, sale)).toMatchObject({ price_cents: 299, was_cents: null }); // ended
  });
});
