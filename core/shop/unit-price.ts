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
  qt: { per: 'fl oz', factor: 32 },
  pt: { per: 'fl oz', factor: 16 },
  l: { per: 'fl oz', factor: 1000 * OZ_PER_ML },
  g: { per: 'oz', factor: 1 / 28.3495 },
  kg: { per: 'lb', factor: 2.20462 },
  dozen: { per: 'each', factor: 12 },
  bunch: { per: 'each', factor: 1 },
  head: { per: 'each', factor: 1 },
  ea: { per: 'each', factor: 1 },
};

export interface UnitPrice {
  /** Cents per unit, rounded to a tenth of a cent as tags do. */
  cents: number;
  per: string;
  label: string;
}

export function unitPrice(priceCents: number, size: string): UnitPrice | null {
  // "1 gal", "1/2 gal", "12 oz", "1 dozen", "1.5 l"; a size that names no unit ("bunch") has no unit price.
  const m = /^\s*(\d+(?:\.\d+)?|\d+\/\d+)\s*(lb|oz|ct|each|ml|fl oz|gal|qt|pt|l|g|kg|dozen|bunch|head|ea)\b/i.exec(size);
  if (!m) return null;
  const unit = UNITS[m[2].toLowerCase()];
  const [n, d] = m[1].split('/').map(Number);
  const amount = (d ? n / d : n) * unit.factor;
  if (!(amount > 0)) return null;
  const cents = Math.round((priceCents / amount) * 10) / 10;
  // Small units (oz, fl oz) read in cents under a dollar, as shelf tags print them; pounds and items in dollars.
  const small = unit.per === 'oz' || unit.per === 'fl oz';
  const dollars = small && cents < 100 ? `${cents.toFixed(1)}¢` : money(cents);
  return { cents, per: unit.per, label: `${dollars}/${unit.per}` };
}
