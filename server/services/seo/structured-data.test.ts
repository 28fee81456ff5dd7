import { describe, expect, it } from 'vitest';
import { ldProblems } from '../../testing/json-ld';
import { nutritionLd, productLd, recipeLd } from './structured-data';

const facts = {
  id: 7,
  name: 'Oat Milk',
  description: 'Oat milk.',
  brand: '',
  upc: null,
  path: '/products/oat-milk',
  images: ['/media/social/products/7.png'],
};

describe('JSON-LD builders', () => {
  it('a product without a store offers the range; with one, its price, valid until the sale ends', () => {
    const range = productLd('https://s.example', facts, { kind: 'aggregate', low_cents: 299, high_cents: 449, count: 3 }, 'Harvest Lane');
    expect(ldProblems(range as unknown as Record<string, unknown>)).toEqual([]);
    expect(range).toMatchObject({ brand: { name: 'Harvest Lane' }, offers: { lowPrice: '2.99', highPrice: '4.49', offerCount: 3 } });
    expect(range).not.toHaveProperty('gtin');
    const sale = productLd(
      'https://s.example',
      { ...facts, upc: '012345678905' },
      { kind: 'store', price_cents: 349, available: false, sale_ends: '2026-12-01' },
      'x',
    );
    expect(sale).toMatchObject({
      gtin: '012345678905',
      offers: { '@type': 'Offer', price: '3.49', availability: 'https://schema.org/OutOfStock', priceValidUntil: '2026-12-01' },
    });
    const shelf = productLd('https://s.example', facts, { kind: 'store', price_cents: 349, available: true, sale_ends: null }, 'x');
    expect(shelf.offers).not.toHaveProperty('priceValidUntil');
  });

  it('nutrition facts carry their units; a recipe lists them where known', () => {
    const nutrition = {
      serving_size: '1 cup (240 ml)',
      servings_per_container: 8,
      calories: 120,
      total_fat_g: 5,
      saturated_fat_g: 0.5,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 100,
      total_carbohydrate_g: 16,
      dietary_fiber_g: 2,
      total_sugars_g: 7,
      added_sugars_g: 4,
      protein_g: 3,
    };
    expect(nutritionLd(nutrition)).toMatchObject({
      '@type': 'NutritionInformation',
      calories: '120 calories',
      sodiumContent: '100 mg',
      servingSize: '1 cup (240 ml)',
    });
    expect(nutritionLd(null)).toBeUndefined();
    const recipe = {
      title: 'Soup',
      summary: 'A soup.',
      path: '/recipes/soup',
      images: ['/media/social/recipes/1.png'],
      prepMinutes: 10,
      cookMinutes: 20,
      serves: 4,
      ingredients: ['1 onion'],
      steps: ['Chop.', 'Simmer.'],
      categories: ['Dinner'],
      cuisines: ['French'],
    };
    const withFacts = recipeLd('https://s.example', { ...recipe, nutrition });
    expect(ldProblems(withFacts as unknown as Record<string, unknown>)).toEqual([]);
    expect(withFacts).toMatchObject({
      totalTime: 'PT30M',
      image: ['https://s.example/media/social/recipes/1.png'],
      nutrition: { proteinContent: '3 g' },
    });
    expect(recipeLd('https://s.example', { ...recipe, nutrition: null })).not.toHaveProperty('nutrition');
  });
});
