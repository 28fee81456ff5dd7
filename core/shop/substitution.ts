// What the picker does when a product is out: nothing, the closest match, or one product the shopper chose.

export const SUBSTITUTIONS = ['none', 'best_match', 'this_product'] as const;
export type Substitution = (typeof SUBSTITUTIONS)[number];
export const SUBSTITUTION_LABELS: Record<Substitution, string> = {
  none: 'No substitute',
  best_match: 'Best match',
  this_product: 'This product',
};

export const isSubstitution = (value: unknown): value is Substitution =>
  typeof value === 'string' && (SUBSTITUTIONS as readonly string[]).includes(value);
