import { demoAdWeek } from '../core/shop/ad-week';
import { catalogRows, slugify } from '../fixtures/catalog';
import { circulars } from '../fixtures/circulars';
import { documents } from '../fixtures/pages';
import { recipes, taxonomies, type Taxonomy } from '../fixtures/recipes';
import { storePriceRows } from '../fixtures/store-prices';
import { stores } from '../fixtures/stores';
import { users } from '../fixtures/users';
import { hashPassword, type ScryptCost, verifyPassword } from './auth/passwords';
import { insertDocument } from './services/documents/repository';
import type { Db } from './db/connection';
import { upsertRows } from './db/upsert';
import { seeders } from './seeders';

// Writes the fixtures. Idempotent: reference data (stores, catalogue, recipes, circulars) is upserted by id;
// accounts and documents are only inserted when missing, so passwords and editors' changes survive a re-seed.

// Bumped when reference data changes shape, so an existing database is re-seeded (idempotently) on start.
export const SEED_VERSION = '4';

/**
 * The demo accounts (known passwords) are left out in production mode: there the first administrator comes from a
 * set-up link. `passwordCost` is for test databases (see hashPassword).
 */
export async function seed(db: Db, options: { demoAccounts?: boolean; passwordCost?: ScryptCost } = {}): Promise<void> {
  const k = db.kysely;
  const { departments, products } = catalogRows();
  const now = Date.now();
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
      })),
    );
    await upsertRows(tx, 'departments', departments);
    await upsertRows(tx, 'products', products);
    // Filters read product_attributes (migration 160); the JSON column is its copy for display.
    await tx.deleteFrom('product_attributes').execute();
    const attributeRows = products.flatMap((p) =>
      [...new Set(JSON.parse(p.attributes) as string[])].map((attribute) => ({ product_id: p.id, attribute })),
    );
    for (let i = 0; i < attributeRows.length; i += 500) {
      await tx
        .insertInto('product_attributes')
        .values(attributeRows.slice(i, i + 500))
        .execute();
    }
    await upsertRows(tx, 'store_products', storePriceRows(stores, products), ['store_id', 'product_id'], 200);

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
    const productByName = new Map(products.map((p) => [p.name.toLowerCase(), p.id]));
    for (const [i, r] of recipes.entries()) {
      const id = i + 1;
      const ingredients = r.ingredients.map((line) => {
        const [qty, name] = line.split('|').map((x) => x.trim());
        return { quantity: qty, name, product_id: productByName.get((name ?? '').toLowerCase()) ?? null };
      });
      const steps = [
        `Gather the ingredients: ${ingredients.map((x) => x.name.toLowerCase()).join(', ')}.`,
        `Prepare everything for ${r.title.toLowerCase()}; preheat the oven or pan as needed.`,
        `Cook, tasting and seasoning as you go. Total time is about ${r.minutes} minutes.`,
        `Serve ${r.serves} and enjoy.`,
      ];
      await upsertRows(tx, 'recipes', [
        {
          id,
          slug: slugify(r.title),
          title: r.title,
          summary: `${r.title}: ${r.cuisine.join(' & ')} ${r.course[0].toLowerCase()} ready in ${r.minutes} minutes.`,
          minutes: r.minutes,
          serves: r.serves,
          ingredients: JSON.stringify(ingredients),
          steps: JSON.stringify(steps),
          hue: (i * 37) % 360,
        },
      ]);
      await tx.deleteFrom('recipe_terms').where('recipe_id', '=', id).execute();
      const links = (['course', 'cuisine', 'diet'] as const).flatMap((tax) =>
        r[tax].map((name) => ({ recipe_id: id, term_id: termIds.get(`${tax}:${name}`)! })),
      );
      if (links.length) await tx.insertInto('recipe_terms').values(links).execute();
    }

    const productId = new Map(products.map((p) => [p.name, p]));
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

export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('settings').select('value').where('key', '=', 'seed_version').executeTakeFirst();
  return row?.value === SEED_VERSION;
}

/** Emails of demo accounts that still have their documented password (a production server refuses to start). */
export async function demoAccountsPresent(db: Db): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where(
      'email',
      'in',
      users.map((u) => u.email),
    )
    .execute();
  const found: string[] = [];
  for (const row of rows) {
    const fixture = users.find((u) => u.email === row.email);
    if (fixture && (await verifyPassword(fixture.password, row.password_hash))) found.push(row.email);
  }
  return found;
}

/** The demo accounts as the start-up message lists them. */
export const demoAccountList = (): string[] => users.map((u) => `${u.email} / ${u.password} (${u.roles.join(', ')})`);
