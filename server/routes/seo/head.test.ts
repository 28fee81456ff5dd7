import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer, visitorWithStore } from '../../testing/harness';
import { ldBlocks, ldProblems } from '../../testing/json-ld';

// Issue 34 (docs/seo.md): every page's head (description, canonical, Open Graph and Twitter with absolute URLs,
// robots) and every JSON-LD block on the seeded pages, held to the properties listed for its type.

const server = useTestServer({ siteUrl: 'https://shop.example.com' });
const ORIGIN = 'https://shop.example.com';

const meta = (html: string, attr: 'name' | 'property', key: string): string | undefined =>
  new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];

async function productSlug(id = 5000): Promise<string> {
  return (await server.db.kysely.selectFrom('products').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug;
}

const LISTED = [
  '/',
  '/shop',
  '/recipes',
  '/recipes/shakshuka',
  '/stores/columbus-short-north',
  '/store/store-locator',
  '/circulars/weekly-ad',
  '/catering',
  '/wine',
  '/contact',
];

describe('every page head', () => {
  it('carries a description, a canonical link, Open Graph and Twitter tags with absolute URLs, and is indexable', async () => {
    const c = new Client(server.url);
    for (const path of [...LISTED, `/products/${await productSlug()}`]) {
      const { status, html } = await c.page(path);
      expect(status, path).toBe(200);
      expect(meta(html, 'name', 'description')?.length, path).toBeGreaterThan(40);
      expect(canonical(html), path).toBe(`${ORIGIN}${path}`);
      expect(meta(html, 'property', 'og:url'), path).toBe(`${ORIGIN}${path}`);
      expect(meta(html, 'property', 'og:title'), path).toBeTruthy();
      expect(meta(html, 'property', 'og:image'), path).toMatch(/^https:\/\/shop\.example\.com\//);
      expect(meta(html, 'name', 'twitter:card'), path).toBe('summary_large_image');
      expect(meta(html, 'name', 'robots'), path).toBeUndefined();
      expect(html.match(/<title>/g), path).toHaveLength(1);
    }
  });

  // What Lighthouse's SEO audits read besides the tags: crawlable links, image alt text, the document's language.
  it('has crawlable links, alt text on every image and a language on the listed pages', async () => {
    const c = new Client(server.url);
    for (const path of [...LISTED, `/products/${await productSlug()}`]) {
      const { html } = await c.page(path);
      expect(html, path).toMatch(/^<!doctype html>\n<html lang="en"/);
      for (const [a] of html.matchAll(/<a\b[^>]*>/g)) {
        const href = /\shref="([^"]*)"/.exec(a)?.[1];
        expect(href, `${path}: ${a}`).toBeDefined();
        expect(href!.trim(), `${path}: ${a}`).not.toBe('');
        expect(href, `${path}: ${a}`).not.toMatch(/^\s*javascript:/i);
      }
      for (const [img] of html.matchAll(/<img\b[^>]*>/g)) expect(img, `${path}: ${img}`).toMatch(/\salt="/);
    }
  });

  it('is canonical to the page itself whatever the query string, and the home page to /', async () => {
    const c = new Client(server.url);
    const slug = await productSlug();
    expect(canonical((await c.page(`/products/${slug}?utm_source=mail`)).html)).toBe(`${ORIGIN}/products/${slug}`);
    expect(canonical((await c.page('/?utm_source=mail')).html)).toBe(`${ORIGIN}/`);
  });

  it('keeps search results, the popup lab and the benchmark page out of the index', async () => {
    const c = new Client(server.url);
    for (const path of ['/search', '/search?s=apple', '/popup-lab/scroll', '/showcase/500-elements'])
      expect(meta((await c.page(path)).html, 'name', 'robots'), path).toBe('noindex');
  });

  it('gives recipes, products and the weekly ad a 1200×630 share card', async () => {
    const c = new Client(server.url);
    for (const path of ['/recipes/shakshuka', `/products/${await productSlug()}`, '/circulars/weekly-ad']) {
      const html = (await c.page(path)).html;
      const image = meta(html, 'property', 'og:image')!;
      expect(meta(html, 'property', 'og:image:width')).toBe('1200');
      expect(meta(html, 'property', 'og:image:height')).toBe('630');
      expect(meta(html, 'name', 'twitter:image')).toBe(image);
      const png = await c.raw(new URL(image).pathname);
      expect(png.status, image).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await png.arrayBuffer());
      // PNG header: width and height at bytes 16–23.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
      // Recipes and products show their own picture on the card's right (not a blank tile).
      if (!path.startsWith('/circulars/')) {
        // stats() reads its input, so the region is cut out first.
        const art = await sharp(await sharp(bytes).extract({ left: 760, top: 110, width: 320, height: 320 }).toBuffer()).stats();
        expect(art.channels[1].stdev, path).toBeGreaterThan(10);
      }
    }
  });

  it('uses the page’s SEO fields and the site’s title template once published', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const doc = (await server.db.kysely.selectFrom('documents').select('id').where('slug', '=', 'catering').executeTakeFirstOrThrow()).id;
    const seo = {
      title: 'Party platters and catering',
      description: 'Order party platters, sandwiches and desserts for pickup from your Harvest Lane catering kitchen.',
      og_image: '/media/social/site.png',
      nofollow: true,
    };
    expect((await ed.json(`/wp-json/site/v1/documents/${doc}`, { method: 'PATCH', body: { settings: { seo } } })).status).toBe(200);
    // Settings are part of the draft: visitors see them once the page is published.
    const publish = async () => {
      const current = await ed.get<{ tree: unknown[]; version: number }>(`/wp-json/site/v1/documents/${doc}`);
      const body = { tree: current.body.tree, base_version: current.body.version };
      expect((await ed.json(`/wp-json/site/v1/documents/${doc}/publish`, { method: 'POST', body })).status).toBe(200);
    };
    await publish();
    const html = (await new Client(server.url).page('/catering')).html;
    expect(html).toContain('<title>Party platters and catering | Harvest Lane Market</title>');
    expect(meta(html, 'name', 'description')).toBe(seo.description);
    expect(meta(html, 'name', 'robots')).toBe('nofollow');
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/media/social/site.png`);
    expect((await ed.json(`/wp-json/site/v1/documents/${doc}`, { method: 'PATCH', body: { settings: { seo: {} } } })).status).toBe(200);
    await publish();
  });
});

describe('product pages', () => {
  it('are kept in the page cache per store', async () => {
    const c = new Client(server.url);
    const path = `/products/${await productSlug(5006)}`;
    expect((await c.raw(path)).headers.get('x-page-cache')).toBe('miss');
    expect((await c.raw(path)).headers.get('x-page-cache')).toBe('hit');
  });

  it('show the visitor’s store sale with its last day, which the Offer carries as priceValidUntil', async () => {
    const db = server.db.kysely;
    const store = await db.selectFrom('stores').select('id').where('kind', '=', 'shopping').orderBy('id').executeTakeFirstOrThrow();
    const shelf = await db
      .selectFrom('store_products')
      .selectAll()
      .where('store_id', '=', store.id)
      .where('product_id', '=', 5010)
      .executeTakeFirstOrThrow();
    const end = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await db
      .updateTable('store_products')
      .set({ sale_price_cents: shelf.price_cents - 50, sale_start: '2020-01-01', sale_end: end })
      .where('store_id', '=', store.id)
      .where('product_id', '=', 5010)
      .execute();
    const shopper = await visitorWithStore(server.url, store.id);
    const html = (await shopper.page(`/products/${await productSlug(5010)}`)).html;
    expect(html).toContain('Sale price through');
    const offer = ldBlocks(html).find((b) => b['@type'] === 'Product')!.offers as Record<string, unknown>;
    expect(offer).toMatchObject({
      '@type': 'Offer',
      price: ((shelf.price_cents - 50) / 100).toFixed(2),
      priceValidUntil: end,
      priceCurrency: 'USD',
    });
    expect(html).toMatch(/data-stepper="add"|Add to cart/);
  });
});

describe('Site Settings for search', () => {
  it('refuses a title template without %title% and a script as the share image, on the field', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const state = await ed.get<{ draft: { kit: Record<string, unknown> } & Record<string, unknown> }>('/wp-json/site/v1/site-settings');
    for (const [key, value, message] of [
      ['seo_title_template', '%site% only', /must contain %title%/],
      ['seo_share_image', 'javascript:alert(1)', /image path/],
    ] as const) {
      const body = { ...state.body.draft, kit: { ...state.body.draft.kit, [key]: value } };
      const r = await ed.json<{ data: { params?: Record<string, string> } }>('/wp-json/site/v1/site-settings/draft', {
        method: 'PUT',
        body,
      });
      expect(r.status, key).toBe(400);
      expect(r.body.data.params?.[`kit.${key}`], key).toMatch(message);
    }
  });
});

describe('JSON-LD', () => {
  it('holds every block on the seeded pages to its type’s listed properties', async () => {
    const c = new Client(server.url);
    const seen = new Map<string, string[]>();
    for (const path of [...LISTED, `/products/${await productSlug()}`]) {
      const blocks = ldBlocks((await c.page(path)).html);
      for (const block of blocks) expect(ldProblems(block), `${path}: ${JSON.stringify(block)}`).toEqual([]);
      seen.set(
        path,
        blocks.map((b) => String(b['@type'])),
      );
      // Every page below the home page has its breadcrumbs.
      if (path !== '/') expect(seen.get(path), path).toContain('BreadcrumbList');
    }
    expect(seen.get('/')).toEqual(expect.arrayContaining(['WebSite', 'Organization']));
    expect(seen.get('/recipes/shakshuka')).toContain('Recipe');
    expect(seen.get('/stores/columbus-short-north')).toContain('GroceryStore');
    const product = seen.get(`/products/${await productSlug()}`)!;
    expect(product).toContain('Product');
  });

  it('offers a crawler the price range across stores and a shopper their store’s price', async () => {
    const slug = await productSlug();
    const anonymous = ldBlocks((await new Client(server.url).page(`/products/${slug}`)).html).find((b) => b['@type'] === 'Product')!;
    const range = anonymous.offers as Record<string, unknown>;
    expect(range['@type']).toBe('AggregateOffer');
    expect(Number(range.lowPrice)).toBeLessThanOrEqual(Number(range.highPrice));
    expect(Number(range.offerCount)).toBeGreaterThan(1);
    const store = await server.db.kysely
      .selectFrom('stores')
      .select('id')
      .where('kind', '=', 'shopping')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const shopper = await visitorWithStore(server.url, store.id);
    const mine = ldBlocks((await shopper.page(`/products/${slug}`)).html).find((b) => b['@type'] === 'Product')!;
    const offer = mine.offers as Record<string, unknown>;
    expect(offer['@type']).toBe('Offer');
    expect(ldProblems(mine)).toEqual([]);
  });

  it('lists a store’s special hours', async () => {
    const store = await server.db.kysely
      .selectFrom('stores')
      .select('id')
      .where('slug', '=', 'columbus-short-north')
      .executeTakeFirstOrThrow();
    // A day the seeded holiday hours do not use.
    const taken = new Set(
      (await server.db.kysely.selectFrom('store_hours_exceptions').select('day').where('store_id', '=', store.id).execute()).map(
        (r) => r.day,
      ),
    );
    let ahead = 5;
    while (taken.has(new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10))) ahead++;
    const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    await server.db.kysely
      .insertInto('store_hours_exceptions')
      .values({ store_id: store.id, day, open: null, close: null, note: 'Closed' })
      .execute();
    await server.db.kysely.updateTable('stores').set({ updated_at: Date.now() }).where('id', '=', store.id).execute();
    const block = ldBlocks((await new Client(server.url).page('/stores/columbus-short-north')).html).find(
      (b) => b['@type'] === 'GroceryStore',
    )!;
    const special = block.specialOpeningHoursSpecification as Array<Record<string, string>>;
    expect(special).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      validFrom: day,
      validThrough: day,
      opens: '00:00',
      closes: '00:00',
    });
    for (const s of special) expect(s.opens, JSON.stringify(s)).toMatch(/^\d\d:\d\d$/);
  });

  // The guard's probes: the check must refuse these.
  it('refuses an unknown type and a block missing a listed property', () => {
    expect(ldProblems({ '@context': 'https://schema.org', '@type': 'Thing', name: 'x' })).toEqual(['unknown type "Thing"']);
    const recipe = {
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Soup',
      image: ['https://x/y.png'],
      description: 'Soup.',
      prepTime: 'PT5M',
      cookTime: 'PT10M',
      totalTime: 'PT15M',
      recipeYield: '2 servings',
      recipeIngredient: ['water'],
      recipeInstructions: [{ '@type': 'HowToStep', text: 'Boil.' }],
      recipeCategory: 'Dinner',
      recipeCuisine: 'American',
    };
    expect(ldProblems(recipe)).toEqual([]);
    const { cookTime: _c, ...noCook } = recipe;
    expect(ldProblems(noCook)).toEqual(['Recipe lacks cookTime']);
    expect(ldProblems({ ...recipe, recipeInstructions: ['Boil.'] })).toContain('Recipe step 1 is not a HowToStep');
    expect(
      ldProblems({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'x',
        image: 'i',
        description: 'd',
        sku: '1',
        brand: {},
        offers: { '@type': 'AggregateOffer', lowPrice: '1.00' },
      }),
    ).toEqual(['AggregateOffer lacks highPrice', 'AggregateOffer lacks offerCount', 'AggregateOffer lacks priceCurrency']);
  });
});
