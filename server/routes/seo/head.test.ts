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
    const html = (await new Client(server.url).page('/catering')).html;
    expect(html).toContain('<title>Party platters and catering | Harvest Lane Market</title>');
    expect(meta(html, 'name', 'description')).toBe(seo.description);
    expect(meta(html, 'name', 'robots')).toBe('nofollow');
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/media/social/site.png`);
    expect((await ed.json(`/wp-json/site/v1/documents/${doc}`, { method: 'PATCH', body: { settings: { seo: {} } } })).status).toBe(200);
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
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await server.db.kysely
      .insertInto('store_hours_exceptions')
      .values({ store_id: store.id, day, open: null, close: null, note: 'Closed' })
      .execute();
    await server.db.kysely.updateTable('stores').set({ updated_at: Date.now() }).where('id', '=', store.id).execute();
    const block = ldBlocks((await new Client(server.url).page('/stores/columbus-short-north')).html).find(
      (b) => b['@type'] === 'GroceryStore',
    )!;
    expect(block.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: day, validThrough: day, opens: '00:00', closes: '00:00' },
    ]);
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
