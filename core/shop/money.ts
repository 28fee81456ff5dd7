/** A price in cents as every screen shows it: `$2.99` (the shop, the header cart, staff orders, loop cards). */
export const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
