// The attributes a shopper filters by, with their labels; stored on products as a JSON list of these keys.

export const PRODUCT_ATTRIBUTES = ['organic', 'gluten_free', 'vegan', 'snap', 'local'] as const;
export type ProductAttribute = (typeof PRODUCT_ATTRIBUTES)[number];

export const ATTRIBUTE_LABELS: Record<ProductAttribute, string> = {
  organic: 'Organic',
  gluten_free: 'Gluten free',
  vegan: 'Vegan',
  snap: 'SNAP eligible',
  local: 'Local',
};

export const isProductAttribute = (value: unknown): value is ProductAttribute =>
  typeof value === 'string' && (PRODUCT_ATTRIBUTES as readonly string[]).includes(value);
