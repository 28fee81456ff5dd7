import { demoAdWeek } from '../core/shop/ad-week';
import { addDays, CHAIN_TIME_ZONE, storeDay } from '../core/shop/store-day';
import { isVarietyName } from '../core/catalogue/product-kinds';
import { catalogRows, slugify } from '../fixtures/catalog';
import { circulars } from '../fixtures/circulars';
import { documents } from '../fixtures/pages';
import { recipes, taxonomies, type Taxonomy } from '../fixtures/recipes';
import { coupons, holidayHours, promotions } from '../fixtures/promotions';
import { storePriceRows } from '../fixtures/store-prices';
import { stores } from '../fixtures/stores';
import { users } from '../fixtures/users';
import { seededDemoAccounts } from './auth/demo-accounts';
import { hashPassword, type ScryptCost, verifyPassword } from './auth/passwords';
import { insertDocument } from './services/documents/repository';
import type { Transaction } from 'kysely';
import type { Db } from './db/connection';
import type { Database } from './db/schema';
import { upsertRows } from './db/upsert';
import { seeders } from './seeders';

// Writes the fixtures. Idempotent: reference data (stores, catalogue, recipes, circulars) is upserted by id;
// accounts and documents are only inserted when missing, so passwords and editors' changes survive a re-seed.

// Bumped when the seed's content changes (reference data, pages, templates), so an existing database is seeded again
// (idempotently) on start: new documents are inserted, reference rows upserted. Each version records the digest of the
// content it seeds (seedContentHash, server/seeders/content-hash.ts); server/seed-version.test.ts fails when the content
// moves without a new version. Version 6: the theme templates (fixtures/pages/theme.ts), added at version 5.
export const SEED_VERSION = '6';
export const SEED_CONTENT: ReadonlyArray<{ version: string; hash: string }> = [
  { version: '6', hash: 'f6184ece119839bec887642b141098e5354639581dd2336b90fb387193568e2d' },
];

/**
 * The demo accounts (known passwords) are left out in production mode: there the first administrator comes from a
 * set-up link. `passwordCost` is for test databases (see hashPassword).
 */
export async function seed(db: Db, options: { demoAccounts?: boolean; passwordCost?: ScryptCost } = {}): Promise<void> {
  const k = db.kysely;
  const { departments, products, priceRange } = catalogRows();
  const now = Date.now();
  const today = storeDay(new Date(now), CHAIN_TIME_ZONE);
  const accounts = options.demoAccounts === false ? [] : users;
  const passwordHashes = await Promise.all(accounts.map((u) => hashPassword(u.password, options.passwordCost)));

  await k.transaction().execute(async (tx) => {
    await upsertRows(
      tx,
      'stores',
      stores.map((s) => ({
        id: s.id,
        name: s.name,
        slug: s.slug,
        url: `/stores/${s.slug}`,
        address_1: s.address_1,
        address_2: s.address_2 ?? '',
        city: s.city,
        state: s.state,
        postal_code: s.postal_code,
        phone: s.phone,
        hours: JSON.stringify(s.hours),
        latitude: s.latitude,
        longitude: s.longitude,
        store_number: s.store_number,
        is_selectable: s.is_selectable ? 1 : 0,
        store_segment_ids: JSON.stringify(s.store_segment_ids),
        store_group_ids: JSON.stringify(s.store_group_ids),
        other_attributes: JSON.stringify(s.other_attributes),
        kind: s.kind,
        time_zone: s.time_zone,
        tax_rate_bp: s.tax_rate_bp,
        opening_date: s.opening_date,
        services: JSON.stringify(s.services),
        updated_at: now,
      })),
    );
    const holidays = stores.flatMap((s) =>
      holidayHours(s.kind, s.hours.mon?.[0] ?? '09:00', Number(today.slice(0, 4))).map((h) => ({ store_id: s.id, ...h })),
    );
    await upsertRows(tx, 'store_hours_exceptions', holidays, ['store_id', 'day'], 200);
    await upsertRows(
      tx,
      'departments',
      departments.map((d) => ({ ...d, updated_at: now })),
    );
    await upsertRows(
      tx,
      'products',
      products.map((p) => ({ ...p, updated_at: now })),
      ['id'],
      200,
    );
    // Filters read product_attributes (migration 160); the JSON column is its copy for display. Only the seeded
    // products' rows are replaced: products the back office or a feed added keep theirs.
    for (let i = 0; i < products.length; i += 500)
      await tx
        .deleteFrom('product_attributes')
        .where(
          'product_id',
          'in',
          products.slice(i, i + 500).map((p) => p.id),
        )
        .execute();
    const attributeRows = products.flatMap((p) =>
      [...new Set(JSON.parse(p.attributes) as string[])].map((attribute) => ({ product_id: p.id, attribute })),
    );
    for (let i = 0; i < attributeRows.length; i += 500) {
      await tx
        .insertInto('product_attributes')
        .values(attributeRows.slice(i, i + 500))
        .execute();
    }
    const shelves = storePriceRows(stores, products, priceRange).map((r) => ({ ...r, promotion_id: null, updated_at: now }));
    await upsertRows(tx, 'store_products', shelves, ['store_id', 'product_id'], 200);
    await seedOffers(tx, products, today, now);

    // Taxonomy terms: ids by position so they are stable.
    const termIds = new Map<string, number>();
    let termId = 1;
    for (const tax of Object.keys(taxonomies) as Taxonomy[]) {
      for (const name of taxonomies[tax]) {
        const id = termId++;
        termIds.set(`${tax}:${name}`, id);
        await upsertRows(tx, 'terms', [{ id, taxonomy: tax, slug: slugify(name), name }]);
      }
    }
    // A recipe names a product by its shelf name; several products share one (brands, sizes): the first is linked.
    const productByName = new Map<string, number>();
    for (const p of products) if (!productByName.has(p.name.toLowerCase())) productByName.set(p.name.toLowerCase(), p.id);
    const recipeRows = recipes.map((r, i) => {
      const ingredients = r.ingredients.map((line) => {
        const [qty, name] = line.split('|').map((x) => x.trim());
        return { quantity: qty, name, product_id: productByName.get((name ?? '').toLowerCase()) ?? null };
      });
      const minutes = r.prep + r.cook;
      return {
        id: i + 1,
        slug: slugify(r.title),
        title: r.title,
        summary: `${r.cuisine.join(' & ')} ${r.course[0].toLowerCase()} for ${r.serves}, ready in ${minutes} minutes${r.cook ? ` (${r.prep} to prepare, ${r.cook} to cook)` : ''}.`,
        minutes,
        prep_minutes: r.prep,
        cook_minutes: r.cook,
        serves: r.serves,
        ingredients: JSON.stringify(ingredients),
        steps: JSON.stringify(r.steps),
        hue: (i * 37) % 360,
        updated_at: now,
      };
    });
    await upsertRows(tx, 'recipes', recipeRows, ['id'], 100);
    const recipeLinks = recipes.flatMap((r, i) =>
      (['course', 'cuisine', 'diet'] as const).flatMap((tax) =>
        r[tax].map((name) => ({ recipe_id: i + 1, term_id: termIds.get(`${tax}:${name}`)! })),
      ),
    );
    await tx
      .deleteFrom('recipe_terms')
      .where(
        'recipe_id',
        'in',
        recipeRows.map((r) => r.id),
      )
      .execute();
    for (let i = 0; i < recipeLinks.length; i += 500)
      await tx
        .insertInto('recipe_terms')
        .values(recipeLinks.slice(i, i + 500))
        .execute();

    const productId = new Map<string, (typeof products)[number]>();
    for (const p of products) if (!productId.has(p.name)) productId.set(p.name, p);
    for (const c of circulars) {
      await upsertRows(tx, 'circulars', [
        {
          id: c.id,
          slug: c.slug,
          title: c.title,
          ...(c.dates === 'current_ad_week' ? demoAdWeek(new Date(now)) : c.dates),
          display_start_date: c.display_start_date,
          display_end_date: c.display_end_date,
          store_ids: JSON.stringify(c.store_ids ?? []),
        },
      ]);
      await tx.deleteFrom('circular_items').where('circular_id', '=', c.id).execute();
      const items = c.items.map(([name, off], position) => {
        const p = productId.get(name);
        if (!p) throw new Error(`Circular ${c.slug}: unknown product ${name}`);
        return { circular_id: c.id, product_id: p.id, sale_price_cents: Math.round((p.price_cents * (100 - off)) / 100), position };
      });
      await tx.insertInto('circular_items').values(items).execute();
    }

    for (const [i, u] of accounts.entries()) {
      await tx
        .insertInto('users')
        .values({
          email: u.email,
          name: u.name,
          password_hash: passwordHashes[i],
          roles: JSON.stringify(u.roles),
          segment_ids: JSON.stringify(u.segment_ids),
          store_id: u.store_id,
          created_at: now,
          seeded_demo: 1,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      if (u.staff_store_ids?.length) {
        const { id: userId } = await tx.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirstOrThrow();
        await tx
          .insertInto('store_staff')
          .values(u.staff_store_ids.map((storeId) => ({ user_id: userId, store_id: storeId })))
          .onConflict((oc) => oc.columns(['user_id', 'store_id']).doNothing())
          .execute();
      }
    }

    for (const p of documents) {
      await insertDocument(tx, p, now, true);
    }
    for (const extra of seeders) await extra(tx);
    await tx
      .insertInto('settings')
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: SEED_VERSION }))
      .execute();
  });
}

/** Whether the database was seeded: never, at this SEED_VERSION, or at an earlier one. */
export async function seedState(db: Db): Promise<'none' | 'current' | 'older'> {
  const row = await db.kysely.selectFrom('settings').select('value').where('key', '=', 'seed_version').executeTakeFirst();
  return !row ? 'none' : row.value === SEED_VERSION ? 'current' : 'older';
}

export async function isSeeded(db: Db): Promise<boolean> {
  return (await seedState(db)) === 'current';
}

/**
 * Emails of accounts the seeder created as demo accounts that still have their documented password (a production
 * server refuses to start). Decided by the seeder's marker, so a visitor who signs up cannot trip it.
 */
export async function demoAccountsPresent(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const row of await seededDemoAccounts(db.kysely)) {
    const fixture = users.find((u) => u.email === row.email);
    if (fixture && (await verifyPassword(fixture.password, row.password_hash))) found.push(row.email);
  }
  return found;
}

/** The demo accounts as the start-up message lists them. */
export const demoAccountList = (): string[] => users.map((u) => `${u.email} / ${u.password} (${u.roles.join(', ')})`);

/**
 * The demo promotions and digital coupons (fixtures/promotions.ts), keyed by title so a re-seed updates them in
 * place and ids keep coming from the table's own sequence (the back office inserts after them). A promotion
 * writes its sale onto each of its stores' shelf rows, as saving one in the back office does.
 */
async function seedOffers(
  tx: Transaction<Database>,
  products: ReadonlyArray<{ id: number; name: string; catalog: string }>,
  today: string,
  now: number,
): Promise<void> {
  const firstByName = new Map<string, number>();
  for (const p of products) if (p.catalog === 'grocery' && !firstByName.has(p.name)) firstByName.set(p.name, p.id);
  const idOf = (name: string) => {
    const id = firstByName.get(name);
    if (id === undefined) throw new Error(`Offer names unknown product ${name}`);
    return id;
  };
  const grocery = stores.filter((s) => s.kind === 'shopping').map((s) => s.id);

  for (const p of promotions) {
    const productId = idOf(p.product);
    const start = addDays(today, p.startOffset);
    const end = addDays(today, p.endOffset);
    const storeIds = p.storeIds.length ? p.storeIds : grocery;
    const shelf = await tx
      .selectFrom('store_products')
      .select(['store_id', 'price_cents'])
      .where('product_id', '=', productId)
      .where('store_id', 'in', storeIds)
      .execute();
    const list = Math.max(...shelf.map((r) => r.price_cents));
    const salePrice = Math.floor((list * (100 - p.percentOff)) / 1000) * 10 + 9;
    const row = {
      product_id: productId,
      title: p.title,
      sale_price_cents: salePrice,
      start_date: start,
      end_date: end,
      store_ids: JSON.stringify(p.storeIds),
      updated_at: now,
    };
    const existing = await tx.selectFrom('promotions').select('id').where('title', '=', p.title).executeTakeFirst();
    const id = existing
      ? (await tx.updateTable('promotions').set(row).where('id', '=', existing.id).execute(), existing.id)
      : (
          await tx
            .insertInto('promotions')
            .values({ ...row, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
    for (const r of shelf) {
      // Never a "sale" above the store's own shelf price.
      const price = Math.min(salePrice, r.price_cents - 10);
      await tx
        .updateTable('store_products')
        .set({ sale_price_cents: price, sale_start: start, sale_end: end, promotion_id: id, updated_at: now })
        .where('store_id', '=', r.store_id)
        .where('product_id', '=', productId)
        .execute();
    }
  }

  for (const c of coupons) {
    const row = {
      title: c.title,
      description: c.description,
      discount_kind: c.kind,
      discount_value: c.value,
      start_date: addDays(today, c.startOffset),
      end_date: addDays(today, c.endOffset),
      limit_per_order: c.limitPerOrder,
      active: 1,
      updated_at: now,
    };
    const existing = await tx.selectFrom('coupons').select('id').where('title', '=', c.title).executeTakeFirst();
    const id = existing
      ? (await tx.updateTable('coupons').set(row).where('id', '=', existing.id).execute(), existing.id)
      : (
          await tx
            .insertInto('coupons')
            .values({ ...row, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
    const names = new Set(c.products);
    const eligible = products.filter((p) => [...names].some((n) => isVarietyName(p.name, n)));
    if (eligible.length === 0) throw new Error(`Coupon ${c.title} has no eligible products`);
    await tx.deleteFrom('coupon_products').where('coupon_id', '=', id).execute();
    await tx
      .insertInto('coupon_products')
      .values(eligible.map((p) => ({ coupon_id: id, product_id: p.id })))
      .execute();
  }
}
