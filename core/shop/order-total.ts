// The estimated total of a pickup order at a store: subtotal, pickup fee and sales tax. In our three states
// food for home (SNAP-eligible) is exempt from sales tax; everything else is taxed at the state rate.

export const PICKUP_FEE_CENTS = 495;
export const FREE_PICKUP_FROM_CENTS = 3500;
export const STATE_TAX_RATE: Record<string, number> = { OH: 0.0575, PA: 0.06, MI: 0.06 };

export interface TotalLine {
  line_total_cents: number;
  taxable: boolean;
}

export interface OrderTotal {
  subtotal_cents: number;
  fee_cents: number;
  tax_cents: number;
  total_cents: number;
}

/** Sales tax applies to a product unless it is food for home (SNAP eligible). */
export const isTaxable = (attributes: readonly string[]): boolean => !attributes.includes('snap');

export function orderTotal(lines: readonly TotalLine[], state: string): OrderTotal {
  const subtotal = lines.reduce((n, l) => n + l.line_total_cents, 0);
  const taxable = lines.filter((l) => l.taxable).reduce((n, l) => n + l.line_total_cents, 0);
  const fee = subtotal === 0 || subtotal >= FREE_PICKUP_FROM_CENTS ? 0 : PICKUP_FEE_CENTS;
  const tax = Math.round(taxable * (STATE_TAX_RATE[state] ?? 0));
  return { subtotal_cents: subtotal, fee_cents: fee, tax_cents: tax, total_cents: subtotal + fee + tax };
}
