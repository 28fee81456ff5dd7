import type { Db } from '../../../server/db/connection';

// Bench data (never seeded): grocery products up to 5000 in all, named from real words so the search index
// has a realistic vocabulary, each sold at the flagship store. Used by the product-search case.
export const BENCH_PRODUCTS = 5000;
const FIRST_ID = 200_001;
const ADJECTIVES = ['Organic', 'Fresh', 'Roasted', 'Smoked', 'Sweet', 'Spicy', 'Classic', 'Wild', 'Golden', 'Crispy', 'Creamy', 'Honey'];
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
const BRANDS = ['Harvest Lane', 'Green Acre', 'Old Mill', 'Sunny Fields', 'Blue Harbor', 'Hearth & Home'];

export default async function addProducts(db: Db): Promise<void> {
  const k = db.kysely;
  const { n } = await k
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const extra = BENCH_PRODUCTS - Number(n);
  const dept = await k.selectFrom('departments').select('id').where('parent_id', 'is not', null).where('catalog', '=', 'grocery').execute();
  await k.transaction().execute(async (tx) => {
    for (let start = 0; start < extra; start += 250) {
      const rows = [];
      for (let i = start; i < Math.min(start + 250, extra); i++) {
        const name = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} No. ${i}`;
        rows.push({
          id: FIRST_ID + i,
          department_id: dept[i % dept.length].id,
          name,
          slug: `bench-product-${i}`,
          brand: BRANDS[i % BRANDS.length],
          size: '12 oz',
          price_cents: 199 + (i % 900),
          description: 'Generated for the benchmark.',
          hue: i % 360,
          catalog: 'grocery',
          attributes: i % 3 === 0 ? '["organic","snap"]' : '["snap"]',
        });
      }
      await tx.insertInto('products').values(rows).execute();
      await tx
        .insertInto('store_products')
        .values(
          rows.map((r) => ({
            store_id: 1001,
            product_id: r.id,
            price_cents: r.price_cents,
            sale_price_cents: null,
            sale_start: null,
            sale_end: null,
            available: 1,
          })),
        )
        .execute();
    }
  });
}
