import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from './seed';
import { startTestServer, type TestServer } from './testing/harness';
import { TEST_PASSWORD_COST } from './testing/password-cost';

// The seeded demo catalogue as the database holds it (both databases): what pages and the back office read.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('the seeded catalogue', () => {
  it('holds 1,500+ products with their label fields and 200+ recipes whose product links all exist', async () => {
    const k = server.db.kysely;
    const { n } = await k
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThanOrEqual(1500);
    const milk = await k.selectFrom('products').selectAll().where('name', '=', 'Whole Milk').orderBy('id').executeTakeFirstOrThrow();
    expect(milk).toMatchObject({
      kind: 'milk',
      size_unit: 'gal',
      size_value: 1,
      snap_eligible: 1,
      tax_category: 'grocery',
      age_restricted: 0,
    });
    expect(JSON.parse(milk.allergens)).toEqual(['milk']);
    expect(JSON.parse(milk.nutrition!)).toMatchObject({ serving_size: '1 cup (240 mL)', calories: 150 });
    const wine = await k.selectFrom('products').selectAll().where('id', '=', 8501).executeTakeFirstOrThrow();
    expect(wine).toMatchObject({ tax_category: 'alcohol', age_restricted: 1, snap_eligible: 0 });
    const tray = await k.selectFrom('products').select('catering_notice_hours').where('id', '=', 8020).executeTakeFirstOrThrow();
    expect(tray.catering_notice_hours).toBe(48);
    // Attributes are indexed for the filters, SNAP included only where the product is SNAP-eligible.
    const snap = await k.selectFrom('product_attributes').select('product_id').where('attribute', '=', 'snap').execute();
    const diapers = await k
      .selectFrom('products')
      .select('id')
      .where('kind', 'in', ['diapers', 'baby-wipes', 'foil', 'dish-pods'])
      .execute();
    expect(diapers.length).toBeGreaterThan(4);
    const snapIds = new Set(snap.map((r) => r.product_id));
    expect(diapers.filter((d) => snapIds.has(d.id))).toEqual([]);

    const recipes = await k
      .selectFrom('recipes')
      .select(['id', 'title', 'ingredients', 'steps', 'prep_minutes', 'cook_minutes', 'minutes'])
      .execute();
    expect(recipes.length).toBeGreaterThanOrEqual(200);
    const linked = recipes.flatMap((r) =>
      (JSON.parse(r.ingredients) as Array<{ product_id: number | null }>).flatMap((i) => (i.product_id ? [i.product_id] : [])),
    );
    expect(linked.length).toBeGreaterThan(1000);
    const found = new Set(
      (
        await k
          .selectFrom('products')
          .select('id')
          .where('id', 'in', [...new Set(linked)])
          .execute()
      ).map((r) => r.id),
    );
    expect(linked.filter((id) => !found.has(id))).toEqual([]);
    const shakshuka = recipes.find((r) => r.title === 'Shakshuka')!;
    expect(JSON.parse(shakshuka.steps)[0]).toMatch(/olive oil/);
    expect(shakshuka.prep_minutes + shakshuka.cook_minutes).toBe(shakshuka.minutes);
  });

  it('gives each store its time zone, combined tax rate, services, opening date and holiday hours', async () => {
    const k = server.db.kysely;
    const stores = await k.selectFrom('stores').select(['id', 'city', 'time_zone', 'tax_rate_bp', 'services', 'opening_date']).execute();
    const byId = new Map(stores.map((s) => [s.id, s]));
    expect(byId.get(1001)).toMatchObject({ city: 'Columbus', time_zone: 'America/New_York', tax_rate_bp: 750 });
    expect(byId.get(1006)).toMatchObject({ city: 'Pittsburgh', tax_rate_bp: 700 });
    expect(byId.get(1008)).toMatchObject({ city: 'Philadelphia', tax_rate_bp: 800 });
    expect(byId.get(1011)).toMatchObject({ city: 'Detroit', time_zone: 'America/Detroit', tax_rate_bp: 600 });
    expect(JSON.parse(byId.get(1001)!.services)).toEqual(expect.arrayContaining(['pickup', 'catering', 'wine', 'pharmacy']));
    expect(JSON.parse(byId.get(1001)!.services)).not.toContain('delivery');
    expect(stores.every((s) => s.opening_date !== null)).toBe(true);
    const holidays = await k.selectFrom('store_hours_exceptions').selectAll().where('store_id', '=', 1001).orderBy('day').execute();
    const christmas = holidays.find((h) => h.day.endsWith('-12-25'))!;
    expect(christmas).toMatchObject({ open: null, close: null });
    expect(holidays.find((h) => h.note.startsWith('Thanksgiving'))).toMatchObject({ close: '15:00' });
  });

  it('runs promotions on the shelves of their stores, and coupons with their products', async () => {
    const k = server.db.kysely;
    const promos = await k.selectFrom('promotions').selectAll().execute();
    expect(promos.length).toBeGreaterThanOrEqual(4);
    const salmon = promos.find((p) => p.title === 'Salmon Week')!;
    const shelves = await k.selectFrom('store_products').selectAll().where('promotion_id', '=', salmon.id).execute();
    expect(shelves.length).toBeGreaterThan(5);
    for (const s of shelves) expect(s.sale_price_cents!).toBeLessThan(s.price_cents);
    const coupons = await k.selectFrom('coupons').selectAll().execute();
    expect(new Set(coupons.map((c) => c.discount_kind))).toEqual(new Set(['amount', 'percent']));
    const eligible = await k.selectFrom('coupon_products').select('coupon_id').execute();
    expect(new Set(eligible.map((e) => e.coupon_id)).size).toBe(coupons.length);
    const members = await k.selectFrom('store_products').select('store_id').where('member_price_cents', 'is not', null).execute();
    expect(members.length).toBeGreaterThan(500);
  });

  it('draws a banana for bananas and the named fallback for diapers, sized for the page', async () => {
    const banana = await fetch(`${server.url}/media/products/7000.svg`);
    expect(banana.status).toBe(200);
    const svg = await banana.text();
    expect(svg).toMatch(/^<svg [^>]*width="400" height="400"/);
    expect(svg).toContain('aria-label="Bananas"');
    expect(svg).toContain('#f9c23c'); // the banana's yellow, from the icon set
    const diaper = await server.db.kysely.selectFrom('products').select('id').where('kind', '=', 'diapers').executeTakeFirstOrThrow();
    const drawn = await (await fetch(`${server.url}/media/products/${diaper.id}.svg`)).text();
    expect(drawn).toContain('aria-label="Diapers');
    expect(drawn).not.toContain('#f9c23c');
  });

  it('a re-seed keeps the attributes of products the back office added', async () => {
    const k = server.db.kysely;
    await k
      .insertInto('products')
      .values({
        id: 99001,
        department_id: 10000,
        name: 'Merchandiser Heirloom Apples',
        slug: 'merchandiser-heirloom-apples-99001',
        brand: 'Orchard Hill',
        size: '1 lb',
        price_cents: 349,
        description: 'Added in the back office.',
        hue: 10,
        catalog: 'grocery',
        attributes: '["organic"]',
      })
      .execute();
    await k.insertInto('product_attributes').values({ product_id: 99001, attribute: 'organic' }).execute();
    await seed(server.db, { passwordCost: TEST_PASSWORD_COST });
    const kept = await k.selectFrom('product_attributes').select('attribute').where('product_id', '=', 99001).execute();
    expect(kept).toEqual([{ attribute: 'organic' }]);
    const seeded = await k.selectFrom('product_attributes').select('attribute').where('product_id', '=', 7001).execute();
    expect(seeded.map((r) => r.attribute).sort()).toEqual(['gluten_free', 'organic', 'snap', 'vegan']);
  });
});
