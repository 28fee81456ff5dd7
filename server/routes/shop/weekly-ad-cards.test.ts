import { afterAll, beforeAll, expect, it } from 'vitest';
import { visitorWithStore, startTestServer, type TestServer } from '../../testing/harness';

// The weekly ad's page shows its items as cards; a SNAP-eligible item's card carries the SNAP badge as the shop's
// product cards do (one rule, SnapBadge in react-app/shop/product-card.tsx), and an ineligible one's does not.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** Each card of the page by product id: whether it carries the SNAP badge. */
function badges(html: string): Map<number, boolean> {
  const out = new Map<number, boolean>();
  for (const card of html.split('<li class="product-card"').slice(1)) {
    const id = /data-product-id="(\d+)"/.exec(card);
    if (id) out.set(Number(id[1]), card.slice(0, card.indexOf('</li>')).includes('product-card__snap'));
  }
  return out;
}

it('gives each SNAP-eligible item of the weekly ad the badge, and no other item', async () => {
  const k = server.db.kysely;
  const ad = await k.selectFrom('circulars').select('id').where('slug', '=', 'weekly-ad').executeTakeFirstOrThrow();
  const adItems = () =>
    k
      .selectFrom('circular_items')
      .innerJoin('products', 'products.id', 'circular_items.product_id')
      .select(['products.id', 'products.snap_eligible', 'products.attributes'])
      .where('circular_items.circular_id', '=', ad.id)
      .execute();
  // The seeded ad's items are all groceries: one is made ineligible as the back office does (flag and attribute).
  const first = (await adItems())[0];
  const attributes = (JSON.parse(first.attributes) as string[]).filter((a) => a !== 'snap');
  await k
    .updateTable('products')
    .set({ snap_eligible: 0, attributes: JSON.stringify(attributes) })
    .where('id', '=', first.id)
    .execute();
  const eligible = new Map((await adItems()).map((i) => [i.id, i.snap_eligible === 1]));
  // Both kinds, so both halves of the rule are seen.
  expect([...eligible.values()]).toContain(true);
  expect([...eligible.values()]).toContain(false);

  const shopper = await visitorWithStore(server.url, 1001);
  const page = await shopper.page('/circulars/weekly-ad');
  expect(page.status).toBe(200);
  const shown = badges(page.html);
  expect(shown.size).toBe(eligible.size);
  expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(eligible));
  expect(page.html).toContain('<p class="badge product-card__snap">SNAP eligible</p>');
});
