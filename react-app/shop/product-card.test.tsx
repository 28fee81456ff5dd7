import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductCardHead } from './product-card';
import type { Product } from './types';

// A product card says "SNAP eligible" as the product page does, so an EBT shopper can tell from the list.

const apples: Product = {
  id: 7001,
  name: 'Honeycrisp Apples',
  slug: 'honeycrisp-apples',
  brand: 'Harvest Lane',
  size: '1 lb',
  price_cents: 299,
  was_cents: null,
  sale_ends: null,
  unit_price: '$2.99/lb',
  available: true,
  store_id: 1001,
  attributes: ['snap'],
  description: '',
  department_id: 1,
  image: '/img/apples.svg',
  is_favorite: false,
};

describe('ProductCardHead', () => {
  it('shows the SNAP eligible badge, in words, for a SNAP-eligible product', () => {
    const html = renderToStaticMarkup(<ProductCardHead product={apples} href="/products/honeycrisp-apples" />);
    expect(html).toContain('<p class="badge product-card__snap">SNAP eligible</p>');
  });

  it('shows no badge for a product that is not SNAP eligible', () => {
    const html = renderToStaticMarkup(<ProductCardHead product={{ ...apples, attributes: ['organic'] }} href="/p" />);
    expect(html).not.toContain('SNAP eligible');
  });
});
