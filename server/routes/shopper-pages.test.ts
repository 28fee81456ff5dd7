import { describe, expect, it } from 'vitest';
import { Client, useTestServer } from '../testing/harness';

const server = useTestServer();

const page = (path: string) => new Client(server.url).page(path);

describe('search page', () => {
  it('counts pages, recipes and products', async () => {
    const { status, html } = await page('/search?s=chicken');
    expect(status).toBe(200);
    expect(html).toMatch(/data-search-counts="">0 pages, [1-9]\d* recipes?, [1-9]\d* products?</);
    expect(html).toContain('href="/shop#!/product/');
    expect(html).toContain('href="/recipes/');
    expect(html).not.toContain('/assets/app/'); // no island, no React
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
    expect(html).toContain('Add Prosecco to cart');
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
    const c = new Client(server.url);
    await c.page('/contact');
    await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 } });
    const { status, html } = await c.page(path);
    expect(status).toBe(200);
    if (island) expect(html).toContain(`data-island="${island}"`);
    const config = JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(html)![1]);
    expect(config.page.store_requirement).toBe(requirement);
  });
});
