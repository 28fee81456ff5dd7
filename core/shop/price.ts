// The one price rule of the shop (docs/pricing.md). Every place that shows or charges a price reads it from here:
// the cart, the order and its changes, the weekly-ad page and the product views.
//
//   A line is priced at its pickup day's price (the store's shelf price, or the lowest sale running that day:
//   the store's own sale or a weekly ad for that store), except that a weekly-ad price is honoured when the ad
//   ran on the day the order was placed. A quantity increase made after the ad ended is priced as if ordered on
//   the day of the change; a decrease gives back the most recently added units first.
//
// Days are store-local YYYY-MM-DD (core/shop/store-day.ts). Before a pickup window is chosen, the pickup day is
// today; a shopper holding a window sees that window's day.

export interface ShelfPrice {
  price_cents: number;
  sale_price_cents: number | null;
  /** YYYY-MM-DD, inclusive; null = open-ended. */
  sale_start: string | null;
  sale_end: string | null;
}

/** A weekly-ad (circular) price for a product at a store, with the ad's days. */
export interface Sale {
  sale_price_cents: number;
  start_date: string;
  end_date: string;
}

export interface Price {
  /** What is charged. */
  price_cents: number;
  /** The shelf price when a sale applies ("was"), else null. */
  was_cents: number | null;
  /** The last day of the sale that applies, else null. */
  sale_ends: string | null;
  /** Why: the shelf price, a sale running on the pickup day, or a weekly ad honoured from the order day. */
  basis: PriceBasis;
}

export type PriceBasis = 'shelf' | 'sale' | 'ad_honoured' | 'member';

/** The two days a line's price depends on. */
export interface PricingDays {
  /** The store-local day of pickup (today before a window is chosen). */
  pickupDay: string;
  /** The store-local day the units were ordered: the order placed, or a quantity increase made. */
  orderedOn: string;
}

/** The sentence the cart and checkout show, so the shopper knows which price they pay. */
export const PRICE_RULE_TEXT =
  'Prices are those of your pickup day. A weekly-ad price running when you order is kept for that order; items you add after the ad ends are charged at the regular price.';

const runs = (day: string, start: string | null, end: string | null): boolean => (!start || start <= day) && (!end || day <= end);

/** The price on one day: the shelf price or the lowest sale running that day (an ad, or the store's own sale). */
export function priceOn(day: string, shelf: ShelfPrice, adSales: readonly Sale[] = []): Price {
  return linePrice(shelf, adSales, { pickupDay: day, orderedOn: day });
}

/**
 * The price of a line under the shop's rule (see above): the pickup day's price, or a weekly-ad price when that ad
 * ran on the day the units were ordered, whichever is lower.
 */
export function linePrice(shelf: ShelfPrice, adSales: readonly Sale[], days: PricingDays): Price {
  const candidates: Array<{ price: number; ends: string | null; basis: PriceBasis }> = [];
  for (const s of adSales) {
    if (runs(days.pickupDay, s.start_date, s.end_date))
      candidates.push({ price: s.sale_price_cents, ends: s.end_date || null, basis: 'sale' });
    else if (runs(days.orderedOn, s.start_date, s.end_date))
      candidates.push({ price: s.sale_price_cents, ends: s.end_date || null, basis: 'ad_honoured' });
  }
  if (shelf.sale_price_cents !== null && runs(days.pickupDay, shelf.sale_start, shelf.sale_end))
    candidates.push({ price: shelf.sale_price_cents, ends: shelf.sale_end, basis: 'sale' });
  const best = candidates.filter((c) => c.price < shelf.price_cents).sort((a, b) => a.price - b.price)[0];
  if (!best) return { price_cents: shelf.price_cents, was_cents: null, sale_ends: null, basis: 'shelf' };
  return { price_cents: best.price, was_cents: shelf.price_cents, sale_ends: best.ends, basis: best.basis };
}

/**
 * A loyalty member's price: the store's member price (store_products.member_price_cents) where it undercuts what the
 * line costs under the rule above; everyone else pays `price`. A coupon applies after this (core/shop/coupons.ts).
 */
export function memberPrice(price: Price, shelfCents: number, memberCents: number | null, isMember: boolean): Price {
  if (!isMember || memberCents === null || memberCents >= price.price_cents) return price;
  return { price_cents: memberCents, was_cents: shelfCents, sale_ends: null, basis: 'member' };
}

/**
 * The price a weekly-ad page shows on `today` for an item of its ad: the ad's price while the ad has not ended (an
 * upcoming ad's for pickup on its first day, a running ad's for an order placed now), the shelf price after it.
 */
export function advertisedPrice(today: string, shelfCents: number, sale: Sale): Price {
  const pickupDay = today < sale.start_date ? sale.start_date : today;
  return linePrice({ price_cents: shelfCents, sale_price_cents: null, sale_start: null, sale_end: null }, [sale], {
    pickupDay,
    orderedOn: today,
  });
}

/** Units of an ordered line at one unit price (a line changed after its ad ended holds two or more). */
export interface PriceTier {
  quantity: number;
  price_cents: number;
}

/**
 * The tiers of an ordered line after its quantity changes to `quantity`: an increase adds its units at `unitNow`
 * (the line's price for an order placed on the day of the change), a decrease removes the latest units first.
 */
export function changeTiers(tiers: readonly PriceTier[], quantity: number, unitNow: number): PriceTier[] {
  const have = tiers.reduce((n, t) => n + t.quantity, 0);
  if (quantity >= have) {
    const out = tiers.map((t) => ({ ...t }));
    const extra = quantity - have;
    if (extra === 0) return out;
    const last = out[out.length - 1];
    if (last && last.price_cents === unitNow) last.quantity += extra;
    else out.push({ quantity: extra, price_cents: unitNow });
    return out;
  }
  const out: PriceTier[] = [];
  let left = quantity;
  for (const t of tiers) {
    if (left <= 0) break;
    const take = Math.min(t.quantity, left);
    out.push({ quantity: take, price_cents: t.price_cents });
    left -= take;
  }
  return out;
}

export const tiersTotal = (tiers: readonly PriceTier[]): number => tiers.reduce((n, t) => n + t.quantity * t.price_cents, 0);

/** The tiers stored with a line, or one tier of its quantity at its unit price (lines ordered before tiers). */
export function tiersOf(stored: unknown, quantity: number, unit: number): PriceTier[] {
  const ok =
    Array.isArray(stored) &&
    stored.length > 0 &&
    stored.every((t: Partial<PriceTier>) => Number.isInteger(t?.quantity) && Number.isInteger(t?.price_cents)) &&
    stored.reduce((n: number, t: PriceTier) => n + t.quantity, 0) === quantity;
  return ok ? (stored as PriceTier[]) : [{ quantity, price_cents: unit }];
}
