// The estimated total of a pickup order at a store: subtotal, pickup fee and sales tax (docs/shop.md, "Sales
// tax"). Tax is the store's combined rate (state plus county and city, stores.tax_rate_bp) on the taxable lines;
// taxability comes from the store's state and the product's tax category, never from its SNAP flag.

export const PICKUP_FEE_CENTS = 495;
export const FREE_PICKUP_FROM_CENTS = 3500;

/** States that exempt groceries (food for home) from sales tax; prepared food, alcohol and general goods are taxed. */
export const GROCERY_EXEMPT_STATES: ReadonlySet<string> = new Set(['OH', 'MI', 'PA']);

/** Where the order is taxed: the store's state and its combined rate in basis points (750 = 7.5 %). */
export interface TaxPlace {
  state: string;
  tax_rate_bp: number;
}

export interface TotalLine {
  line_total_cents: number;
  /** products.tax_category: grocery | prepared_food | alcohol | general. */
  tax_category: string;
  /** A coupon's discount on the line (core/shop/coupons.ts); tax and the free-pickup threshold are on the net. */
  discount_cents?: number;
}

export interface OrderTotal {
  /** The lines' totals before coupons (member and sale prices included). */
  subtotal_cents: number;
  /** What coupons take off the subtotal. */
  coupon_cents: number;
  fee_cents: number;
  tax_cents: number;
  total_cents: number;
}

/** Whether a product of the tax category is taxed in the state: groceries are exempt where the state says so. */
export const isTaxable = (taxCategory: string, state: string): boolean => !(taxCategory === 'grocery' && GROCERY_EXEMPT_STATES.has(state));

export function orderTotal(lines: readonly TotalLine[], place: TaxPlace): OrderTotal {
  const net = (l: TotalLine) => l.line_total_cents - (l.discount_cents ?? 0);
  const subtotal = lines.reduce((n, l) => n + l.line_total_cents, 0);
  const coupons = lines.reduce((n, l) => n + (l.discount_cents ?? 0), 0);
  const netSubtotal = subtotal - coupons;
  const taxable = lines.filter((l) => isTaxable(l.tax_category, place.state)).reduce((n, l) => n + net(l), 0);
  const fee = netSubtotal <= 0 || netSubtotal >= FREE_PICKUP_FROM_CENTS ? 0 : PICKUP_FEE_CENTS;
  const tax = Math.round((taxable * place.tax_rate_bp) / 10_000);
  return { subtotal_cents: subtotal, coupon_cents: coupons, fee_cents: fee, tax_cents: tax, total_cents: netSubtotal + fee + tax };
}
