import type { Db } from '../../../server/db/connection';

// Bench data for the back office's lists (scripts/bench/cases/catalogue-lists.ts), only on the server that
// case starts (BENCH_CATALOGUE=1): grocery products up to 40 000 in all, each on the flagship's shelf, with
// a UPC, in every sub-department.
const PRODUCTS = 40_000;
const FIRST_ID = 400_001;
const WORDS = ['Organic', 'Roasted', 'Smoked', 'Sweet', 'Spicy', 'Classic', 'Wild', 'Golden', 'Crispy', 'Creamy', 'Honey', 'Maple'];
const NOUNS = [
  'Almonds',
  'Pretzels',
  'Salsa',
  'Crackers',
  'Granola',
  'Yogurt',
  'Pasta',
  'Cheddar',
  'Coffee',
  'Tea',
  'Soup',
  'Bread',
  'Chips',
  'Jam',
];

export default async function addCatalogue(db: Db): Promise<void> {
  if (process.env.BENCH_CATALOGUE !== '1') return;
  const k = db.kysely;
  const { n } = await k
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const extra = PRODUCTS - Number(n);
  const depts = await k
    .selectFrom('departments')
    .select('id')
    .where('parent_id', 'is not', null)
    .where('catalog', '=', 'grocery')
    .execute();
  await k.transaction().execute(async (tx) => {
    for (let start = 0; start < extra; start += 250) {
      const rows = [];
      const shelf = [];
      for (let i = start; i < Math.min(start + 250, extra); i++) {
        rows.push({
          id: FIRST_ID + i,
          department_id: depts[i % depts.length].id,
          name: `${WORDS[i % WORDS.length]} ${NOUNS[Math.floor(i / WORDS.length) % NOUNS.length]} No. ${i}`,
          slug: `bench-catalogue-${i}`,
          brand: `Brand ${i % 300}`,
          size: '12 oz',
          size_value: 12,
          size_unit: 'oz',
          upc: String(100_000_000_000 + i),
          price_cents: 199 + (i % 900),
          description: 'Generated for the benchmark.',
          hue: i % 360,
          catalog: 'grocery',
          attributes: '[]',
        });
        shelf.push({
          store_id: 1001,
          product_id: FIRST_ID + i,
          price_cents: 199 + (i % 900),
          sale_price_cents: null,
          sale_start: null,
          sale_end: null,
          available: 1,
        });
      }
      await tx.insertInto('products').values(rows).execute();
      await tx.insertInto('store_products').values(shelf).execute();
    }
  });
}
