import type { Cart } from '../api-types';
import type { CartLineChange } from './events';
import { money } from '../money';

// What the header cart says: the count on the button and the sentence the live region announces.

export const itemsLabel = (count: number): string => `${count} ${count === 1 ? 'item' : 'items'}`;

const listNames = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The announcement after a change: what changed, then the cart's new state. */
export function cartAnnouncement(before: Cart | null, after: Cart, line?: CartLineChange): string {
  const state = `Cart: ${itemsLabel(after.count)}, ${money(after.total_cents)}.`;
  if (!before) {
    // The cart before is unknown (the change came before the header's load): the dispatcher's line says it.
    if (!line) return state;
    const now = after.lines.find((l) => l.product_id === line.product_id)?.quantity ?? 0;
    if (line.was === 0 && now > 0) return `Added ${line.name}. ${state}`;
    if (line.was > 0 && now === 0) return `Removed ${line.name}. ${state}`;
    return now !== line.was ? `${line.name}: quantity ${now}. ${state}` : state;
  }
  const was = new Map(before.lines.map((l) => [l.product_id, l.quantity]));
  const now = new Map(after.lines.map((l) => [l.product_id, l.quantity]));
  // Every product one change added is named (a recipe adds several at once), not only the first.
  const added = after.lines.filter((l) => !was.has(l.product_id)).map((l) => l.name);
  if (added.length) return `Added ${listNames(added)}. ${state}`;
  for (const line of after.lines) {
    const q = was.get(line.product_id) ?? 0;
    if (line.quantity !== q) return `${line.name}: quantity ${line.quantity}. ${state}`;
  }
  const removed = before.lines.find((l) => !now.has(l.product_id));
  return removed ? `Removed ${removed.name}. ${state}` : state;
}

/**
 * The mini-cart's estimate line: the order total at the cart's store, naming what it includes (the pickup fee or
 * that pickup is free, the tax, and coupons), or null.
 */
export function estimateLabel(cart: Cart): string | null {
  const e = cart.estimate;
  if (!e || cart.count === 0) return null;
  const fee = e.fee_cents > 0 ? `${money(e.fee_cents)} pickup fee` : 'free pickup';
  const coupons = e.coupon_cents > 0 ? `, after ${money(e.coupon_cents)} in coupons` : '';
  return `Estimated total${cart.store_name ? ` at ${cart.store_name}` : ''}: ${money(e.total_cents)} (with ${fee} and ${money(e.tax_cents)} tax${coupons})`;
}
