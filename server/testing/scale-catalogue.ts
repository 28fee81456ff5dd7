import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/migration-helpers';

// A mid-size grocer's catalogue on top of the seed, deterministically: grocery products up to `products` in
// all, named from a grocer's vocabulary (kinds by department, with the modifiers and brands a shelf has), and
// shopping stores up to `stores` in all, each carrying the whole grocery catalogue (40,000 × 100 ≈ 4 million
// shelf rows). Used by `npm run bench scale` and the query-plan test; never seeded.

export const SCALE_FIRST_PRODUCT_ID = 300_001;
export const SCALE_FIRST_STORE_ID = 4001;

/** Product kinds by seed sub-department title: what a real shelf in that aisle holds. */
const KINDS: Record<string, string[]> = {
  'Apples & Pears': ['Apples', 'Pears', 'Apple Slices'],
  Berries: ['Strawberries', 'Blueberries', 'Blackberries', 'Raspberries'],
  Citrus: ['Oranges', 'Clementines', 'Grapefruit', 'Lemons'],
  Greens: ['Spinach', 'Kale', 'Salad Mix', 'Arugula', 'Lettuce'],
  'Root Vegetables': ['Carrots', 'Beets', 'Parsnips', 'Radishes'],
  Tomatoes: ['Tomatoes', 'Grape Tomatoes'],
  Beef: ['Ground Beef', 'Sirloin Steak', 'Beef Stew Meat', 'Brisket'],
  Chicken: ['Chicken Breasts', 'Chicken Wings', 'Chicken Drumsticks', 'Chicken Tenders'],
  Pork: ['Pork Chops', 'Pork Loin', 'Bacon', 'Ham Steak'],
  Seafood: ['Salmon Fillet', 'Tilapia', 'Shrimp', 'Scallops'],
  'Deli Meats': ['Sliced Turkey', 'Sliced Ham', 'Salami', 'Roast Beef'],
  Milk: ['Milk', 'Almond Milk', 'Chocolate Milk', 'Lactose-Free Milk'],
  Cheese: ['Cheddar', 'Mozzarella', 'Swiss Cheese', 'Provolone', 'Cream Cheese'],
  Yogurt: ['Yogurt', 'Greek Yogurt', 'Yogurt Cups', 'Kefir'],
  Eggs: ['Eggs', 'Egg Whites'],
  'Butter & Cream': ['Butter', 'Whipping Cream', 'Sour Cream', 'Coffee Creamer'],
  Bread: ['Bread', 'Sandwich Bread', 'Rye Bread', 'Dinner Rolls'],
  'Bagels & Muffins': ['Bagels', 'English Muffins', 'Muffins'],
  'Frozen Meals': ['Pizza', 'Lasagna', 'Burritos', 'Mac & Cheese'],
  'Ice Cream': ['Ice Cream', 'Frozen Yogurt', 'Gelato', 'Ice Pops'],
  'Pasta & Rice': ['Spaghetti', 'Penne', 'Rice', 'Egg Noodles', 'Quinoa'],
  'Canned Goods': ['Black Beans', 'Kidney Beans', 'Diced Tomatoes', 'Tuna', 'Corn'],
  Sauces: ['Pasta Sauce', 'Salsa', 'Barbecue Sauce', 'Ketchup', 'Mustard'],
  Breakfast: ['Cereal', 'Oatmeal', 'Pancake Mix', 'Syrup'],
  Chips: ['Potato Chips', 'Tortilla Chips', 'Pretzels', 'Popcorn'],
  Crackers: ['Crackers', 'Rice Cakes', 'Graham Crackers'],
  Cookies: ['Cookies', 'Sandwich Cookies', 'Wafers'],
  Coffee: ['Ground Coffee', 'Coffee Pods', 'Whole Bean Coffee'],
  Tea: ['Black Tea', 'Herbal Tea', 'Iced Tea'],
  Juice: ['Orange Juice', 'Apple Juice', 'Grape Juice', 'Lemonade'],
  Soda: ['Cola', 'Lemon-Lime Soda', 'Ginger Ale', 'Seltzer'],
  'Personal Care': ['Shampoo', 'Conditioner', 'Deodorant', 'Lotion'],
  'Oral Care': ['Toothpaste', 'Toothbrush', 'Mouthwash'],
  Cleaning: ['Surface Cleaner', 'Dish Soap', 'Sponges', 'Glass Cleaner'],
  'Paper Goods': ['Bath Tissue', 'Paper Towels', 'Facial Tissue', 'Paper Plates'],
  Laundry: ['Laundry Detergent', 'Fabric Softener', 'Stain Remover'],
  Dog: ['Dog Food', 'Dog Treats', 'Puppy Food'],
  Cat: ['Cat Food', 'Cat Treats', 'Cat Litter'],
};
const MODIFIERS = [
  'Organic',
  'Classic',
  'Family Size',
  'Original',
  'Reduced Fat',
  'Low Sodium',
  'Whole Grain',
  'Honey',
  'Vanilla',
  'Unsweetened',
  'Extra Large',
  'Spicy',
  'Lightly Salted',
  'Value Pack',
  'Gluten-Free',
  'Fresh',
  'Natural',
  'Sugar Free',
  'Homestyle',
  'Garden',
];
const BRANDS = [
  'Harvest Lane',
  'Green Acre',
  'Sunny Fields',
  'Blue Harbor',
  'Hearth & Home',
  'Prairie Gold',
  'Maple Ridge',
  'Riverbend',
  'Oak Hollow',
  'Silver Spoon',
  'Coastal Kitchen',
  'Red Barn',
  'Morning Glory',
  'Summit Foods',
  'Little Creek',
  'Golden Valley',
];
const SIZES = ['8 oz', '12 oz', '16 oz', '24 oz', '32 oz', '1 lb', '2 lb', '1 gal', '6 ct', '12 ct'];
const ATTRIBUTES = ['organic', 'gluten_free', 'vegan', 'snap', 'local'] as const;

/** mulberry32: a small deterministic generator. */
function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

export async function addScaleCatalogue(db: Db, target: { products: number; stores: number }): Promise<void> {
  const k = db.kysely;
  const now = Date.now();
  const departments = await k
    .selectFrom('departments')
    .select(['id', 'title'])
    .where('catalog', '=', 'grocery')
    .where('parent_id', 'is not', null)
    .execute();
  const aisles = departments.flatMap((d) => (KINDS[d.title] ? [{ id: d.id, kinds: KINDS[d.title] }] : []));
  const count = async (table: 'products' | 'stores') => {
    const row =
      table === 'products'
        ? await k
            .selectFrom('products')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('catalog', '=', 'grocery')
            .executeTakeFirstOrThrow()
        : await k
            .selectFrom('stores')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const rand = random(31);
  const extraProducts = Math.max(0, target.products - (await count('products')));
  await k.transaction().execute(async (tx) => {
    for (let start = 0; start < extraProducts; start += 200) {
      const rows = [];
      const links: Array<{ product_id: number; attribute: string }> = [];
      for (let i = start; i < Math.min(start + 200, extraProducts); i++) {
        const aisle = aisles[rand(aisles.length)];
        const kind = aisle.kinds[rand(aisle.kinds.length)];
        const brand = BRANDS[rand(BRANDS.length)];
        const modifier = MODIFIERS[rand(MODIFIERS.length)];
        const id = SCALE_FIRST_PRODUCT_ID + i;
        const attributes = ATTRIBUTES.filter((_, a) => rand(a === 3 ? 2 : 4) === 0);
        if (modifier === 'Organic' && !attributes.includes('organic')) attributes.push('organic');
        rows.push({
          id,
          department_id: aisle.id,
          name: `${modifier} ${kind}`,
          slug: `scale-product-${id}`,
          brand,
          // Twelve digits no seeded code has (those start with 0); the back office's exact-UPC search reads them.
          upc: String(100_000_000_000 + i),
          size: SIZES[rand(SIZES.length)],
          price_cents: 99 + rand(1900),
          description: `${modifier} ${kind.toLowerCase()} from ${brand}.`,
          hue: rand(360),
          catalog: 'grocery',
          attributes: JSON.stringify(attributes),
          kind: kind.toLowerCase(),
          updated_at: now,
        });
        for (const attribute of attributes) links.push({ product_id: id, attribute });
      }
      await tx.insertInto('products').values(rows).execute();
      if (links.length) await tx.insertInto('product_attributes').values(links).execute();
    }
  });
  const template = await k.selectFrom('stores').selectAll().where('id', '=', 1001).executeTakeFirstOrThrow();
  const extraStores = Math.max(0, target.stores - (await count('stores')));
  for (let i = 0; i < extraStores; i++) {
    const id = SCALE_FIRST_STORE_ID + i;
    await k
      .insertInto('stores')
      .values({
        ...template,
        id,
        name: `Scale Store ${i + 1}`,
        slug: `scale-store-${i + 1}`,
        url: `/stores/scale-store-${i + 1}`,
        store_number: String(4000 + i),
        is_selectable: 0,
        other_attributes: '{}',
      })
      .execute();
  }
  // Every shopping store carries the whole grocery catalogue: the generated products everywhere, the seed's
  // products at the generated stores (the seed's own stores keep their seeded shelves). One statement each,
  // computed by the database, so 4 million rows take seconds rather than minutes of round trips.
  const price = sql<number>`(p.price_cents + ((s.id * 7 + p.id) % 41) - 20)`;
  const onSale = sql<boolean>`((s.id + p.id) % 19 = 0)`;
  await sql`
    insert into store_products (store_id, product_id, price_cents, sale_price_cents, sale_start, sale_end, available)
    select s.id, p.id, ${price},
      case when ${onSale} then (${price}) * 4 / 5 else null end,
      case when ${onSale} then '2020-01-01' else null end,
      case when ${onSale} then '2099-12-31' else null end,
      case when (s.id * 3 + p.id) % 53 = 0 then 0 else 1 end
    from stores s cross join products p
    where s.kind = 'shopping' and p.catalog = 'grocery'
      and (p.id >= ${SCALE_FIRST_PRODUCT_ID} or s.id >= ${SCALE_FIRST_STORE_ID})
    on conflict do nothing
  `.execute(k);
  // Statistics for the planner, as a production database has them. On PostgreSQL a vacuum too: the rows just
  // written are what autovacuum visits next, on the same cores as a measurement, and until then an index-only
  // read of the shelf visits the heap for every row (the visibility map is empty). A grocer's database has long
  // been vacuumed; measure that steady state.
  await sql.raw(isPostgres(db.kysely) ? 'vacuum (analyze)' : 'analyze').execute(k);
}
