import { createHash } from 'node:crypto';
import { catalogRows } from '../../fixtures/catalog';
import { circulars } from '../../fixtures/circulars';
import { contentBlocks } from '../../fixtures/content-blocks';
import { documents } from '../../fixtures/pages';
import { coupons, holidayHours, promotions } from '../../fixtures/promotions';
import { recipes, taxonomies } from '../../fixtures/recipes';
import { storePriceRows } from '../../fixtures/store-prices';
import { stores } from '../../fixtures/stores';
import { users } from '../../fixtures/users';

// What the seed writes (server/seed.ts and the seeders of this folder), as one digest. SEED_VERSION is what makes an existing
// database be seeded again on start; server/seed-version.test.ts fails when this digest no longer matches the one
// recorded for the current version, so new seed content (theme templates, a page, a product) cannot ship without a
// new version and stay out of databases seeded before it. Dates the seed works out from the day it runs (the ad
// week, offers, holiday hours of the year) are taken for one fixed year: the rules are hashed, not the clock.

export function seedContentHash(): string {
  const { departments, products, priceRange } = catalogRows();
  const data = {
    stores,
    holidays: stores.map((s) => holidayHours(s.kind, s.hours.mon?.[0] ?? '09:00', 2026)),
    departments,
    products,
    shelves: storePriceRows(stores, products, priceRange),
    promotions,
    coupons,
    taxonomies,
    recipes,
    circulars,
    // Passwords are not re-written by a re-seed (accounts are only inserted when missing): not the seed's content.
    users: users.map(({ password: _password, ...account }) => account),
    documents,
    contentBlocks,
  };
  return createHash('sha256').update(JSON.stringify(data)).digest('hex');
}
