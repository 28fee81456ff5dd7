import type { Cart } from './api-types';

// What changing the shop's store does to the cart, shown before the shopper confirms: the lines the new store
// does not sell (or is out of), which are taken out, and the prices that change. The rest is kept as it is.

export interface StoreChangeSummary {
  /** Lines the new store sells at the same price. */
  kept: number;
  priceChanges: Array<{ product_id: number; name: string; from_cents: number; to_cents: number }>;
  /** Lines the new store does not sell or is out of: removed from the cart when the change is confirmed. */
  unavailable: Array<{ product_id: number; name: string }>;
}

/** Compares the cart priced at the current store with the same cart priced at the new one. */
export function storeChangeSummary(current: Cart, next: Cart): StoreChangeSummary {
  const before = new Map(current.lines.map((l) => [l.product_id, l]));
  const out: StoreChangeSummary = { kept: 0, priceChanges: [], unavailable: [] };
  for (const line of next.lines) {
    const was = before.get(line.product_id);
    if (!line.available) out.unavailable.push({ product_id: line.product_id, name: line.name });
    else if (was?.available && was.price_cents !== line.price_cents)
      out.priceChanges.push({ product_id: line.product_id, name: line.name, from_cents: was.price_cents, to_cents: line.price_cents });
    else out.kept++;
  }
  return out;
}

/** Whether the change touches the cart at all (no summary to confirm when it does not). */
export const changesCart = (s: StoreChangeSummary): boolean => s.priceChanges.length > 0 || s.unavailable.length > 0;
