// The price a shopper pays for a product at a store on a given store-local day: the store's shelf price, or the
// lowest sale running that day (the store's own sale or a circular for that store). Used by product views,
// the cart and the order alike, so the weekly ad's price is the price charged.

export interface ShelfPrice {
  price_cents: number;
  sale_price_cents: number | null;
  /** YYYY-MM-DD, inclusive; null = open-ended. */
  sale_start: string | null;
  sale_end: string | null;
}

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
}

const runs = (day: string, start: string | null, end: string | null): boolean => (!start || start <= day) && (!end || day <= end);

export function priceOn(day: string, shelf: ShelfPrice, circularSales: readonly Sale[] = []): Price {
  const sales: Sale[] = circularSales.filter((s) => runs(day, s.start_date, s.end_date));
  if (shelf.sale_price_cents !== null && runs(day, shelf.sale_start, shelf.sale_end))
    sales.push({ sale_price_cents: shelf.sale_price_cents, start_date: shelf.sale_start ?? '', end_date: shelf.sale_end ?? '' });
  const best = sales.filter((s) => s.sale_price_cents < shelf.price_cents).sort((a, b) => a.sale_price_cents - b.sale_price_cents)[0];
  if (!best) return { price_cents: shelf.price_cents, was_cents: null, sale_ends: null };
  return { price_cents: best.sale_price_cents, was_cents: shelf.price_cents, sale_ends: best.end_date || null };
}
