import { describe, expect, it } from 'vitest';
import { box, w, type ElementNode } from '../../../core/wire/document';
import { money } from '../../../core/shop/money';
import { storeDay } from '../../../core/shop/store-day';
import { storePrices } from '../../services/prices';
import { Client, signedInAs, useTestServer, visitorWithStore } from '../../testing/harness';

// Issue 36, items 12 and 13 (docs/editor.md, "Dynamic tags" and "Theme builder"): dynamic tags rendered on the
// server per store and audience (the first name filled per request, never cached), theme templates with
// include/exclude conditions, the product template keeping the page's URL, cache and JSON-LD. Runs on SQLite and
// PostgreSQL.

const server = useTestServer();
const DOCS = '/wp-json/site/v1/documents';
type ApiError = { code: string; message: string; data: { status: number; params?: Record<string, string> } };
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

async function publishDoc(ed: Client, type: 'page' | 'theme', title: string, tree: ElementNode[], settings?: Record<string, unknown>) {
  const created = await ed.json<{ id: number; slug: string; version: number }>(DOCS, { method: 'POST', body: { type, title } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (settings) {
    const patched = await ed.json<ApiError>(`${DOCS}/${created.body.id}`, { method: 'PATCH', body: { settings } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  }
  const published = await ed.json(`${DOCS}/${created.body.id}/publish`, { method: 'POST', body: { tree } });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return created.body;
}

const jsonLd = (html: string): string[] => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]);
const body = (html: string): string => html.slice(html.indexOf('<body'));
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

async function twoProducts() {
  const db = server.db.kysely;
  const first = await db
    .selectFrom('products')
    .innerJoin('departments', 'departments.id', 'products.department_id')
    .select(['products.slug', 'products.name', 'products.id', 'departments.slug as department', 'departments.id as department_id'])
    .where('products.active', '=', 1)
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  const other = await db
    .selectFrom('products')
    .innerJoin('departments', 'departments.id', 'products.department_id')
    .select(['products.slug', 'products.name', 'products.id'])
    .where('products.active', '=', 1)
    .where('departments.id', '!=', first.department_id)
    .where((eb) => eb.or([eb('departments.parent_id', 'is', null), eb('departments.parent_id', '!=', first.department_id)]))
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  return { first, other };
}

describe('theme builder: the product template', () => {
  it('replaces the product page body by department, keeps its URL, cache and JSON-LD, and an exclusion wins', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const { first, other } = await twoProducts();
    const shopper = new Client(server.url);
    const before = await shopper.page(`/products/${first.slug}`);
    expect(before.status).toBe(200);
    const ldBefore = jsonLd(before.html);
    expect(ldBefore.length).toBeGreaterThan(0);

    const marker = `Fresh pick ${unique()}`;
    const tree = [
      w('tplheading', 'heading', { title: `${marker}: {{product.name}}`, header_size: 'h2' }),
      box('productpage', [w('productisland', 'island', { island: 'product' })]),
    ];
    const tpl = await publishDoc(ed, 'theme', `Product template ${unique()}`, tree, {
      theme: { location: 'single', subject: 'product', conditions: [{ type: 'include', rule: 'department', value: first.department }] },
    });
    const after = await shopper.page(`/products/${first.slug}`);
    expect(after.status).toBe(200);
    expect(text(after.html)).toContain(`${marker}: ${first.name}`);
    expect(after.html).toContain('data-island="product"');
    expect(jsonLd(after.html)).toEqual(ldBefore); // structured data identical
    expect(after.html).toContain(`<link rel="canonical" href="${server.url}/products/${first.slug}"`);
    // Kept in the page cache like before.
    const again = await shopper.raw(`/products/${first.slug}`);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(text(await again.text())).toContain(marker);
    // Another department keeps the default template.
    expect(text((await shopper.page(`/products/${other.slug}`)).html)).not.toContain(marker);

    // "Except this product": the exclusion wins over the department.
    const patched = await ed.json<ApiError>(`${DOCS}/${tpl.id}`, {
      method: 'PATCH',
      body: {
        settings: {
          theme: {
            location: 'single',
            subject: 'product',
            conditions: [
              { type: 'include', rule: 'department', value: first.department },
              { type: 'exclude', rule: 'product', value: first.slug },
            ],
          },
        },
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    // Settings are part of the draft: visitors see the old conditions until it is published.
    expect(text((await shopper.page(`/products/${first.slug}`)).html)).toContain(marker);
    expect((await ed.json(`${DOCS}/${tpl.id}/publish`, { method: 'POST', body: { tree } })).status).toBe(200);
    const excluded = await shopper.page(`/products/${first.slug}`);
    expect(text(excluded.html)).not.toContain(marker);
    expect(jsonLd(excluded.html)).toEqual(ldBefore);
    expect((await ed.json(`${DOCS}/${tpl.id}/trash`, { method: 'POST', body: {} })).status).toBe(200);
  });

  it('refuses a condition on a missing department or page, and a subject that does not fit, naming the field; nothing written', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const created = await ed.json<{ id: number; version: number }>(DOCS, {
      method: 'POST',
      body: { type: 'theme', title: `Bad ${unique()}` },
    });
    expect(created.status).toBe(201);
    const cases: Array<[unknown, string, RegExp]> = [
      [
        { location: 'single', subject: 'product', conditions: [{ type: 'include', rule: 'department', value: 'no-such-department' }] },
        'theme.conditions.0.value',
        /No department has the slug no-such-department/,
      ],
      [
        {
          location: 'header',
          conditions: [
            { type: 'include', rule: 'all' },
            { type: 'exclude', rule: 'page', value: 'no-such-page' },
          ],
        },
        'theme.conditions.1.value',
        /No page has the slug no-such-page/,
      ],
      [{ location: 'single', subject: 'cart', conditions: [] }, 'theme.subject', /product, recipe, store/],
      [{ location: 'footer', conditions: [{ type: 'include', rule: 'weekday' }] }, 'theme.conditions.0.rule', /must be one of/],
    ];
    for (const [theme, field, message] of cases) {
      const res = await ed.json<ApiError>(`${DOCS}/${created.body.id}`, { method: 'PATCH', body: { settings: { theme } } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.data.params?.[field]).toMatch(message);
    }
    const stored = await ed.get<{ settings: Record<string, unknown>; version: number; has_draft_settings: boolean }>(
      `${DOCS}/${created.body.id}/settings`,
    );
    expect(stored.body.settings.theme).toBeUndefined();
    expect(stored.body.has_draft_settings).toBe(false);
    expect(stored.body.version).toBe(created.body.version);
  });
});

describe('theme builder: header and store templates', () => {
  it('a header template wraps the site header on the pages it includes, and not where it is excluded', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const marker = `Header note ${unique()}`;
    const tpl = await publishDoc(
      ed,
      'theme',
      `Header ${unique()}`,
      [w('hdrnote', 'heading', { title: `${marker} at {{store.name|our stores}}` }), w('hdrsite', 'theme-site-header', {})],
      {
        theme: {
          location: 'header',
          conditions: [
            { type: 'include', rule: 'all' },
            { type: 'exclude', rule: 'page', value: 'contact' },
          ],
        },
      },
    );
    const visitor = new Client(server.url);
    const home = await visitor.page('/recipes');
    expect(text(home.html)).toContain(`${marker} at our stores`);
    expect(home.html.match(/<header class="site-header"/g)).toHaveLength(1);
    // In the markup, not in the inlined site stylesheet (whose rules name the class).
    const markup = (html: string) => html.replace(/<style id="site-css">[\s\S]*?<\/style>/, '');
    expect(markup(home.html)).toContain('elementor-location-header');
    const contact = await visitor.page('/contact');
    expect(text(contact.html)).not.toContain(marker);
    expect(markup(contact.html)).not.toContain('elementor-location-header');
    expect((await ed.json(`${DOCS}/${tpl.id}/trash`, { method: 'POST', body: {} })).status).toBe(200);
    expect(text((await visitor.page('/recipes')).html)).not.toContain(marker);
  });

  it('a store template places the store details ("Page content") among its own elements, except on one store', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const stores = await server.db.kysely.selectFrom('stores').select(['slug', 'name']).orderBy('id').limit(2).execute();
    const marker = `Visit us ${unique()}`;
    const tpl = await publishDoc(
      ed,
      'theme',
      `Store ${unique()}`,
      [w('sth', 'heading', { title: marker }), w('stc', 'theme-content', {})],
      {
        theme: {
          location: 'single',
          subject: 'store',
          conditions: [
            { type: 'include', rule: 'all' },
            { type: 'exclude', rule: 'store', value: stores[1].slug },
          ],
        },
      },
    );
    const visitor = new Client(server.url);
    const first = await visitor.page(`/stores/${stores[0].slug}`);
    expect(text(first.html)).toContain(marker);
    expect(first.html).toContain('data-store-page=""');
    expect(jsonLd(first.html).some((b) => b.includes('"GroceryStore"'))).toBe(true);
    const second = await visitor.page(`/stores/${stores[1].slug}`);
    expect(text(second.html)).not.toContain(marker);
    expect(second.html).toContain('data-store-page=""');
    expect((await ed.json(`${DOCS}/${tpl.id}/trash`, { method: 'POST', body: {} })).status).toBe(200);
  });
});

describe('theme builder: recipe and listing templates', () => {
  it('a recipe template builds one recipe page; an archive template wraps the recipes listing around its document', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const db = server.db.kysely;
    const recipes = await db
      .selectFrom('recipes')
      .select(['slug', 'title'])
      .where('status', '=', 'publish')
      .orderBy('id')
      .limit(2)
      .execute();
    const marker = `Cook tonight ${unique()}`;
    const recipeTpl = await publishDoc(
      ed,
      'theme',
      `Recipe ${unique()}`,
      [w('rh', 'heading', { title: marker }), box('recipepage', [w('recipeisland', 'island', { island: 'recipe' })])],
      { theme: { location: 'single', subject: 'recipe', conditions: [{ type: 'include', rule: 'recipe', value: recipes[0].slug }] } },
    );
    const visitor = new Client(server.url);
    const first = await visitor.page(`/recipes/${recipes[0].slug}`);
    expect(text(first.html)).toContain(marker);
    expect(first.html).toContain('data-island="recipe"');
    expect(jsonLd(first.html).some((b) => b.includes('"Recipe"'))).toBe(true);
    expect(text((await visitor.page(`/recipes/${recipes[1].slug}`)).html)).not.toContain(marker);

    const listing = `All our recipes ${unique()}`;
    const archiveTpl = await publishDoc(
      ed,
      'theme',
      `Listing ${unique()}`,
      [w('ah', 'heading', { title: listing }), w('ac', 'theme-content', {})],
      { theme: { location: 'archive', subject: 'recipes', conditions: [{ type: 'include', rule: 'all' }] } },
    );
    const own = await db
      .selectFrom('documents')
      .select('tree')
      .where('type', '=', 'page')
      .where('slug', '=', 'recipes')
      .executeTakeFirstOrThrow();
    const firstOwnId = (JSON.parse(own.tree) as ElementNode[])[0].id;
    const page = await visitor.page('/recipes');
    expect(text(page.html)).toContain(listing);
    expect(page.html).toContain(`data-id="${firstOwnId}"`); // the listing page's own document, in the template
    expect(text((await visitor.page('/products')).html)).not.toContain(listing); // the products listing keeps its own
    for (const t of [recipeTpl, archiveTpl])
      expect((await ed.json(`${DOCS}/${t.id}/trash`, { method: 'POST', body: {} })).status).toBe(200);
  });
});

describe('dynamic tags', () => {
  it("show the chosen store's name and hours from the page cache, each store its own", async () => {
    const db = server.db.kysely;
    const ed = await signedInAs(server.url, 'editor');
    const stores = await db
      .selectFrom('stores')
      .select(['id', 'name', 'slug'])
      .where('is_selectable', '=', 1)
      .orderBy('id')
      .limit(2)
      .execute();
    const allDay = JSON.stringify(
      Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['00:00', '24:00']])),
    );
    await db.updateTable('stores').set({ hours: allDay }).where('id', '=', stores[0].id).execute();
    await db.updateTable('stores').set({ hours: '{}' }).where('id', '=', stores[1].id).execute();
    const page = await publishDoc(ed, 'page', `Hours ${unique()}`, [
      w('hoursh', 'heading', { title: 'Today at {{store.name}}: {{store.hours}} · {{store.open_now}}' }),
      w('hourslink', 'heading', { title: 'Store page', link: { url: '{{store.url}}' } }),
    ]);
    const path = `/${page.slug}`;
    const a1 = await visitorWithStore(server.url, stores[0].id);
    const a2 = await visitorWithStore(server.url, stores[0].id);
    const b = await visitorWithStore(server.url, stores[1].id);
    const first = await a1.raw(path);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const firstHtml = await first.text();
    expect(text(firstHtml)).toContain(`Today at ${stores[0].name}: Midnight – Midnight · Open now`);
    expect(firstHtml).toContain(`href="/stores/${stores[0].slug}"`);
    const hit = await a2.raw(path);
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(text(await hit.text())).toContain(`Today at ${stores[0].name}: Midnight – Midnight · Open now`);
    const other = await b.raw(path);
    expect(text(await other.text())).toContain(`Today at ${stores[1].name}: Closed · Closed now`);
    const otherHit = await b.raw(path);
    expect(otherHit.headers.get('x-page-cache')).toBe('hit');
    expect(text(await otherHit.text())).toContain(`Today at ${stores[1].name}: Closed · Closed now`);
  });

  it("show a product's price at the visitor's store through the store's prices, and a safe fallback for a missing product", async () => {
    const db = server.db.kysely;
    const ed = await signedInAs(server.url, 'editor');
    const store = await db
      .selectFrom('stores')
      .select(['id', 'time_zone'])
      .where('kind', '=', 'shopping')
      .where('is_selectable', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom('store_products')
      .innerJoin('products', 'products.id', 'store_products.product_id')
      .select(['products.id', 'products.slug', 'products.name'])
      .where('store_products.store_id', '=', store.id)
      .where('products.active', '=', 1)
      .where('products.catalog', '=', 'grocery')
      .orderBy('products.id')
      .executeTakeFirstOrThrow();
    const day = storeDay(new Date(), store.time_zone);
    const price = (await storePrices(db, store.id, [row.id], { pickupDay: day, orderedOn: day })).get(row.id)!;
    const expected = price.was_cents !== null ? `${money(price.price_cents)} (was ${money(price.was_cents)})` : money(price.price_cents);
    const page = await publishDoc(ed, 'page', `Price ${unique()}`, [
      w('ph', 'heading', { title: `{{product.name:${row.slug}}} now {{product.price:${row.slug}}}` }),
      w('pgone', 'heading', { title: 'Gone: [{{product.name:no-such-product}}] {{product.price:no-such-product}}' }),
      w('pimg', 'image', { image: { url: `{{product.image:${row.slug}}}`, alt: 'product' } }),
    ]);
    const shopper = await visitorWithStore(server.url, store.id);
    const res = await shopper.page(`/${page.slug}`);
    expect(res.status).toBe(200);
    expect(text(res.html)).toContain(`${row.name} now ${expected}`);
    expect(text(res.html)).toContain('Gone: [] Price not available');
    expect(res.html).not.toContain('{{product.');
    // Without a store: the price's fallback, never an error.
    const anonymous = await new Client(server.url).page(`/${page.slug}`);
    expect(anonymous.status).toBe(200);
    expect(text(anonymous.html)).toContain(`${row.name} now Price not available`);
    // The editor is told which product slugs do not exist.
    const check = await ed.get<{ missing_products: string[] }>(`/wp-json/site/v1/dynamic-tags/check?products=${row.slug},no-such-product`);
    expect(check.status).toBe(200);
    expect(check.body.missing_products).toEqual(['no-such-product']);
    const bad = await ed.get<ApiError>('/wp-json/site/v1/dynamic-tags/check?products=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect((await new Client(server.url).json('/wp-json/site/v1/dynamic-tags/check?products=a')).status).toBe(401);
  });

  it("fill the shopper's first name per request, never from the shared page", async () => {
    const db = server.db.kysely;
    const ed = await signedInAs(server.url, 'editor');
    const page = await publishDoc(ed, 'page', `Welcome ${unique()}`, [
      w('hi', 'heading', { title: 'Welcome back, {{shopper.first_name|friend}}!' }),
    ]);
    const path = `/${page.slug}`;
    const casey = await signedInAs(server.url, 'casey');
    expect(text((await casey.page(path)).html)).toContain('Welcome back, Casey!');
    const original = await db.selectFrom('users').select('name').where('email', '=', 'casey@example.test').executeTakeFirstOrThrow();
    try {
      // A name change touches nothing pages are made of: the audience's page stays cached, and the name is still this request's.
      await db.updateTable('users').set({ name: 'Cassie Customer' }).where('email', '=', 'casey@example.test').execute();
      const again = await casey.raw(path);
      expect(again.headers.get('x-page-cache')).toBe('hit');
      const html = await again.text();
      expect(text(html)).toContain('Welcome back, Cassie!');
      expect(html).not.toContain('Welcome back, Casey');
    } finally {
      await db.updateTable('users').set({ name: original.name }).where('email', '=', 'casey@example.test').execute();
    }
    expect(text((await new Client(server.url).page(path)).html)).toContain('Welcome back, friend!');
  });
});

describe('theme builder: the seeded defaults', () => {
  it('reproduce the pages as they were without templates', async () => {
    const db = server.db.kysely;
    const { first } = await twoProducts();
    const recipe = await db.selectFrom('recipes').select('slug').where('status', '=', 'publish').orderBy('id').executeTakeFirstOrThrow();
    const store = await db.selectFrom('stores').select('slug').orderBy('id').executeTakeFirstOrThrow();
    const paths = [`/products/${first.slug}`, `/recipes/${recipe.slug}`, `/stores/${store.slug}`, '/recipes', '/products', '/contact'];
    const seeded = await db.selectFrom('documents').select(['id', 'status']).where('type', '=', 'theme').where('id', '<', 1000).execute();
    expect(seeded.map((d) => d.id).sort()).toEqual([150, 151, 152, 153, 154, 155, 156]);
    const visitor = new Client(server.url);
    const withTemplates = new Map<string, string>();
    for (const p of paths) withTemplates.set(p, body((await visitor.page(p)).html));
    // Take the seeded templates away (the trigger on documents moves the page cache on): the same pages.
    await db
      .updateTable('documents')
      .set({ status: 'draft' })
      .where(
        'id',
        'in',
        seeded.map((d) => d.id),
      )
      .execute();
    try {
      for (const p of paths) expect(body((await visitor.page(p)).html), p).toBe(withTemplates.get(p));
    } finally {
      for (const d of seeded) await db.updateTable('documents').set({ status: d.status }).where('id', '=', d.id).execute();
    }
  });
});
