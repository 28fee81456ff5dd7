import { describe, expect, it } from 'vitest';
import { Client, useTestServer, visitorAt } from '../testing/harness';

const server = useTestServer();

const page = (path: string) => new Client(server.url).page(path);

describe('search page', () => {
  it('counts pages, recipes and products', async () => {
    const { status, html } = await page('/search?s=chicken');
    expect(status).toBe(200);
    expect(html).toMatch(/data-search-counts="">0 pages, [1-9]\d* recipes?, [1-9]\d* products?</);
    expect(html).toContain('href="/products/');
    expect(html).toContain('href="/recipes/');
  });

  it('loads React only when there are products to add', async () => {
    expect((await page('/search?s=calculator')).html).not.toContain('data-island=');
    expect((await page('/search?s=calculator')).html).not.toContain('/assets/app/');
    expect((await page('/search?s=chicken')).html).toContain('data-island="search-products"');
  });

  it('shows products with image, the store price, unit, was price and Add, forgiving typos', async () => {
    const client = await visitorAt(server.url);
    const { body } = await client.json<{ items: Array<{ id: number; kind: string }> }>('/api/shop/v1/stores');
    // Not the default store: the results carry the chosen store's prices.
    const storeId = body.items.filter((s) => s.kind === 'shopping').at(-1)!.id;
    expect((await client.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: storeId } })).status).toBe(200);
    const { html } = await client.page('/search?s=bananna');
    const first = /<li class="product-card" data-product-id="(\d+)">(.*?)<\/li>/s.exec(html);
    expect(first, 'a product card').not.toBeNull();
    const [, id, card] = first!;
    const { body: product } = await client.json<{ name: string; price_cents: number; was_cents: number | null; unit_price: string | null }>(
      `/api/shop/v1/products/${id}?store_id=${storeId}`,
    );
    expect(product.name).toMatch(/banana/i);
    expect(card).toContain(`src="/media/products/${id}.svg"`);
    expect(card).toContain(`$${(product.price_cents / 100).toFixed(2)}`);
    if (product.unit_price) expect(card).toContain(product.unit_price);
    expect(card).toContain(`aria-label="Add to cart, ${product.name}"`);
    // The weekly-ad apples carry the ad price with the shelf price as "was".
    const apples = /data-product-id="\d+">(?:(?!<\/li>).)*Honeycrisp Apples(?:(?!<\/li>).)*<\/li>/s.exec(
      (await client.page('/search?s=honeycrisp')).html,
    );
    expect(apples?.[0]).toMatch(/was \$\d+\.\d\d/);
  });

  it('answers 20 parallel searches alike, with the product cards each time', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => page('/search?s=choclate')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const cards = answers.map((a) => [...a.html.matchAll(/data-product-id="(\d+)"/g)].map((m) => m[1]).join(','));
    expect(cards[0]).not.toBe('');
    expect(new Set(cards).size).toBe(1);
  });

  it('finds pages by title', async () => {
    expect((await page('/search?s=calculator')).html).toContain('href="/drink-calculator"');
  });

  it('shows an empty state, treats wildcards literally and escapes the query', async () => {
    expect((await page('/search?s=zzzxqj')).html).toContain('data-search-empty');
    expect((await page('/search?s=_')).html).toContain('data-search-empty');
    const { html } = await page(`/search?s=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect((await page('/search')).status).toBe(200);
    expect((await page(`/search?s=${'x'.repeat(500)}`)).status).toBe(200);
  });
});

describe('circulars and recipes', () => {
  it('renders a circular with its display dates and sale items', async () => {
    const { status, html } = await page('/circulars/holiday-entertaining');
    expect(status).toBe(200);
    expect(html).toContain('<h1>Holiday Entertaining</h1>');
    expect(html).toContain('Nov 25, 2026 – Dec 24, 2026');
    expect(html).toContain('Add to cart, Prosecco');
    expect(html).toContain('data-island="circular"');
  });

  it('renders a recipe with ingredients and steps', async () => {
    const { status, html } = await page('/recipes/shakshuka');
    expect(status).toBe(200);
    expect(html).toContain('<h1>Shakshuka</h1>');
    expect(html).toContain('Add ingredients to cart');
    expect(html).toContain('Ground Cumin');
  });

  it.each(['/circulars/nope', '/recipes/nope', '/circulars/UPPER', '/recipes/%3Cscript%3E'])('%s is a 404 page', async (path) => {
    expect((await page(path)).status).toBe(404);
  });
});

describe('shopper page documents', () => {
  it.each([
    ['/shop', 'shop', 'disallow_special'],
    ['/catering', null, undefined],
    ['/catering/shop', 'shop', 'catering'],
    ['/wine', null, undefined],
    ['/wine/shop', 'shop', 'wine'],
    ['/drink-calculator', 'drink-calculator', undefined],
  ])('%s', async (path, island, requirement) => {
    // The catering and wine shops need a store with a related catering or wine store (else: the landing page).
    const c = await visitorAt(server.url, '/contact');
    await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 } });
    const { status, html } = await c.page(path);
    expect(status).toBe(200);
    if (island) expect(html).toContain(`data-island="${island}"`);
    // A landing page has its one heading in the html (e2e/first-render.spec.ts sees it on screen: axe's
    // page-has-heading-one).
    else expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    const config = JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(html)![1]);
    expect(config.page.store_requirement).toBe(requirement);
  });
});
