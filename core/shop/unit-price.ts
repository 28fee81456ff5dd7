import { money } from './money';

// Unit prices as shelf tags show them: per pound, per ounce, per fluid ounce or each, from the package size.

const OZ_PER_ML = 1 / 29.5735;
const UNITS: Record<string, { per: string; factor: number }> = {
  lb: { per: 'lb', factor: 1 },
  oz: { per: 'oz', factor: 1 },
  ct: { per: 'each', factor: 1 },
  each: { per: 'each', factor: 1 },
  ml: { per: 'fl oz', factor: OZ_PER_ML },
  'fl oz': { per: 'fl oz', factor: 1 },
  gal: { per: 'fl oz', factor: 128 },
};

export interface UnitPrice {
  /** Cents per unit, rounded to a tenth of a cent as tags do. */
  cents: number;
  per: string;
  label: string;
}

export function unitPrice(priceCents: number, size: string): UnitPrice | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(lb|oz|ct|each|ml|fl oz|gal)\b/i.exec(size);
  if (!m) return null;
  const unit = UNITS[m[2].toLowerCase()];
  const amount = Number(m[1]) * unit.factor;
  if (!(amount > 0)) return null;
  const cents = Math.round((priceCents / amount) * 10) / 10;
  // Small units (oz, fl oz) read in cents under a dollar, as shelf tags print them; pounds and items in dollars.
  const small = unit.per === 'oz' || unit.per === 'fl oz';
  const dollars = small && cents < 100 ? `${cents.toFixed(1)}¢` : money(cents);
  return { cents, per: unit.per, label: `${dollars}/${unit.per}` };
}
