import { describe, expect, it } from 'vitest';
import { Client, useTestServer, visitorWithStore } from '../testing/harness';
import type { ShopProps } from '../../core/wire/islands';
import type { StoreRules } from '../../core/wire/store';
import { JSDOM } from 'jsdom';
import { rewriteStoreLink, STORE_LINK_ROOTS } from '../../core/store-layer/link-rewrite';

// The first response is the whole first view: content slots filled for the visitor's store and audience, the
// store's own home page at '/', the page's store requirement applied (redirect or session update), the app
// banner decided from the request, and the chunks the page needs announced in the head.

const server = useTestServer();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const slot = (html: string, kind: string): string => {
  const m = new RegExp(`data-content="${kind}"[^>]*>([\\s\\S]*?)</(section|div)>`).exec(html);
  return m ? m[0] : '';
};
/** The site banner's opening tag and its close control. */
const bannerTag = (html: string): string =>
  /<div class="site-banner"[^>]*>[\s\S]*?<button[^>]*data-site-banner-close[^>]*>/.exec(html)?.[0] ?? '';
/** The site banner's id, as the close control dismisses it. */
const bannerIdOf = (html: string): string => /data-banner-id="([0-9a-z]+)"/.exec(bannerTag(html))?.[1] ?? '';
/** The shop island's props as the page serialised them. */
const shopProps = (html: string): ShopProps =>
  JSON.parse(
    /data-island="shop" data-props="([^"]*)"/
      .exec(html)![1]
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  ) as ShopProps;
const currentStore = async (c: Client) =>
  (await c.json<{ store: { id: number } | null }>('/api/shop/v1/current-store')).body.store?.id ?? null;

describe('content slots in the first response', () => {
  it('an anonymous visitor without a store gets the catch-all blocks, marked loaded', async () => {
    const { html } = await (await visitorWithStore(server.url, null)).page('/');
    expect(slot(html, 'site-banner')).toContain('Free pickup on orders of $35 or more');
    expect(slot(html, 'slider')).toContain('Fresh produce');
    expect(slot(html, 'cta')).toContain('Choose your store');
    expect(slot(html, 'personalized-content')).toContain('Sign in to see offers');
    for (const kind of ['site-banner', 'slider', 'cta', 'personalized-content'])
      expect(slot(html, kind)).toMatch(/data-content-loaded="true"/);
    expect(bannerTag(html)).not.toMatch(/\shidden/);
    expect(bannerTag(html)).not.toMatch(/data-site-banner-close=""[^>]*hidden/);
  });

  it("a visitor's store picks its group's blocks, as the content calls answer them", async () => {
    const c = await visitorWithStore(server.url, 1001);
    const { html } = await c.page('/');
    expect(slot(html, 'site-banner')).toContain('Ohio stores');
    expect(slot(html, 'slider')).toContain('Ohio harvest');
    expect(slot(html, 'cta')).toContain('Order catering in Ohio');
    const call = await c.json<{ html: string }>('/wp-json/freshop/v1/content/cta?store_id=1001');
    expect(slot(html, 'cta')).toContain(call.body.html);
  });

  it('header and footer links already carry the store, as the runtime would rewrite them, and say for which store', async () => {
    for (const storeId of [null, 1001, 1090]) {
      const { html } = await (await visitorWithStore(server.url, storeId)).page('/recipes');
      const store = storeId === null ? null : await (await new Client(server.url).json<StoreRules>(`/api/shop/v1/stores/${storeId}`)).body;
      for (const area of [/<header[^>]*>[\s\S]*?<\/header>/.exec(html)![0], /<footer[^>]*>[\s\S]*?<\/footer>/.exec(html)![0]]) {
        expect(area).toContain(`data-links-store="${storeId ?? ''}"`);
        const hrefs = [...area.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;|&#38;/g, '&'));
        for (const href of hrefs) expect(rewriteStoreLink(href, store) ?? href).toBe(href);
        if (area.startsWith('<header')) expect(hrefs.filter((h) => /#!\/(cart|sign-in)/.test(h))).toHaveLength(2);
      }
    }
  });

  it("a store whose group has its own home page sees that page at '/', with no swap to do", async () => {
    const { status, html } = await (await visitorWithStore(server.url, 1006)).page('/');
    expect(status).toBe(200);
    expect(html).toContain('Fresh from Pennsylvania');
    expect(slot(html, 'slider')).toContain('Pennsylvania picks');
    expect(html).toContain('class="page page-home"');
    expect(JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(html)![1]).page.home_url).toBe('/home-pennsylvania');
  });
});

describe('store requirement on the server', () => {
  it('a page needing catering redirects a visitor without one to the landing page', async () => {
    const c = await visitorWithStore(server.url, null);
    const res = await c.raw('/catering/shop');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/catering');
  });

  it("a page needing catering switches the session to the store's catering store before rendering", async () => {
    const c = await visitorWithStore(server.url, 1001);
    const { status, html } = await c.page('/catering/shop');
    expect(status).toBe(200);
    expect(html).toContain('Harvest Lane Catering Kitchen');
    expect(await currentStore(c)).toBe(1090);
  });

  // The catering order guide (a content page needing the catering store; was a browser test of four page loads in
  // e2e/store-layer.spec.ts: everything it checked is in this response).
  it('the catering order guide sends a visitor without a store to /catering, and renders for a shopping store at its kitchen', async () => {
    const without = await visitorWithStore(server.url, null);
    const res = await without.raw('/store/catering-guide');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/catering');

    const c = await visitorWithStore(server.url, 1001);
    const { status, html } = await c.page('/store/catering-guide');
    expect(status).toBe(200);
    const doc = new JSDOM(html).window.document;
    expect(doc.querySelector('.my-store')?.textContent).toContain('Harvest Lane Catering Kitchen');
    expect(doc.querySelector('h1')?.textContent?.trim()).toBe('Catering order guide');
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    // Shop links carry the shopping store (related_shopping_id), catering links the kitchen itself.
    expect(doc.querySelector('.main-nav .has-mega > a')?.getAttribute('href')).toBe('/shop#!/?store_id=1001');
    const catering = [...doc.querySelectorAll('.main-nav a')].filter((a) => a.textContent?.trim() === 'Catering');
    expect(catering.map((a) => a.getAttribute('href'))).toEqual(['/catering#!/?store_id=1090']);
    expect(await currentStore(c)).toBe(1090);
  });

  it.each(['/shop', '/search?s=apple'])('%s switches a catering visitor back to the shopping store and says so', async (path) => {
    const c = await visitorWithStore(server.url, 1090);
    const { status, html } = await c.page(path);
    expect(status).toBe(200);
    expect(html).toMatch(/<p class="site-notice wrap" role="status">[^<]*Harvest Lane Catering Kitchen back to Columbus Short North/);
    expect(await currentStore(c)).toBe(1001);
    // Next time there is nothing to switch and nothing to say.
    expect((await c.page(path)).html).not.toContain('site-notice');
  });

  it('20 parallel requests to a catering page on one session all render, and the store ends on catering', async () => {
    const c = await visitorWithStore(server.url, 1001);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => c.raw('/catering/shop').then(async (r) => ({ status: r.status, html: await r.text() }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.html).toContain('Harvest Lane Catering Kitchen');
    expect(await currentStore(c)).toBe(1090);
  });
});

describe('decided from the request', () => {
  it('the app banner is in the html for a mobile browser, not after snackbarClosed, never on desktop', async () => {
    const c = new Client(server.url);
    const mobile = await (await c.raw('/recipes', { headers: { 'user-agent': IPHONE } })).text();
    expect(mobile).toMatch(/<aside class="app-banner" data-app-banner=""[^>]*>/);
    expect(mobile).toContain('Download the App!');
    const closed = await (await c.raw('/recipes', { headers: { 'user-agent': IPHONE, cookie: 'snackbarClosed=true' } })).text();
    expect(closed).not.toContain('class="app-banner"');
    const desktop = await (await c.raw('/recipes', { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' } })).text();
    expect(desktop).not.toContain('class="app-banner"');
  });

  it('the site banner a visitor dismissed (cookie) is rendered hidden, for them alone, 24 requests in parallel', async () => {
    const c = new Client(server.url);
    const first = await (await c.raw('/recipes')).text();
    const id = bannerIdOf(first);
    expect(id).toMatch(/^[0-9a-z]+$/);
    expect(bannerTag(first)).not.toMatch(/\shidden/);
    const pages = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const cookie = i % 2 ? `siteBannerDismissed=other.${id}` : 'siteBannerDismissed=other';
        return { dismissed: i % 2 === 1, html: await (await c.raw('/recipes', { headers: { cookie } })).text() };
      }),
    );
    for (const p of pages) {
      expect(bannerIdOf(p.html)).toBe(id);
      expect(/\shidden/.test(/<div class="site-banner"[^>]*>/.exec(p.html)![0])).toBe(p.dismissed);
    }
    // A new banner (another id) shows again; a cookie that is not a list of ids dismisses nothing.
    const stale = await (await c.raw('/recipes', { headers: { cookie: 'siteBannerDismissed=abc.def' } })).text();
    expect(/<div class="site-banner"[^>]*>/.exec(stale)![0]).not.toMatch(/\shidden/);
    const junk = await (await c.raw('/recipes', { headers: { cookie: `siteBannerDismissed=%3Cx%3E${id}` } })).text();
    expect(/<div class="site-banner"[^>]*>/.exec(junk)![0]).not.toMatch(/\shidden/);
  });

  it("the head inlines the stylesheets and preloads the modules of exactly the page's chunks", async () => {
    const { html } = await new Client(server.url).page('/');
    const head = (html.slice(0, html.indexOf('</head>')).match(/<link [^>]*>/g) ?? []).join('\n');
    expect(head).toMatch(/<link rel="modulepreload" href="\/assets\/runtime\/handler-carousel-[\w-]+\.js">/);
    expect(head).toMatch(/<link rel="modulepreload" href="\/assets\/runtime\/handler-header-[\w-]+\.js">/);
    expect(html.slice(0, html.indexOf('</head>'))).toMatch(/<style data-href="css\/swiper-[\w-]+\.css">/);
    expect(head).not.toContain('handler-loop-grid');
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<noscript><style>');
    const recipes = (await new Client(server.url).page('/recipes')).html;
    expect(recipes).toMatch(/<link rel="modulepreload" href="\/assets\/runtime\/handler-loop-grid-[\w-]+\.js">/);
  });

  it('an island hydrating at load has every module it imports preloaded; one waiting for the visitor has none of its own', async () => {
    const preloadsOf = async (path: string) => {
      const { html } = await (await visitorWithStore(server.url, 1001)).page(path);
      const head = html.slice(0, html.indexOf('</head>'));
      const preloaded = new Set([...head.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]));
      const entry = /<script type="module" src="(\/assets\/app\/[^"]+)">/.exec(head)?.[1];
      expect(entry).toBeDefined();
      // What the loader imports statically, as the browser would discover it one round later.
      const code = await (await fetch(server.url + entry!)).text();
      const imports = [...code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => `/assets/app/assets/${m[1]}`);
      for (const url of imports) expect(preloaded).toContain(url);
      return [...preloaded];
    };
    // The shop hydrates when reached, at load only for a #! view the server cannot see
    // (react-app/islands/hydration.ts): React is not fetched with the page.
    const shop = await preloadsOf('/shop');
    expect(shop.some((u) => /\/hydrate-[\w-]+\.js$/.test(u))).toBe(false);
    for (const url of shop)
      expect(await (await fetch(server.url + url)).text()).not.toMatch(/react\.transitional\.element|__CLIENT_INTERNALS|Loading the shop/);
    // The contact form hydrates when reached: neither React nor its own code is fetched with the page.
    const contact = await preloadsOf('/contact');
    expect(contact.some((u) => /\/(contact-form|hydrate|shop|store-picker|recipe)-[\w-]+\.js$/.test(u))).toBe(false);
    for (const url of contact)
      expect(await (await fetch(server.url + url)).text()).not.toMatch(/react\.transitional\.element|__CLIENT_INTERNALS/);
  });

  it("the shop island's first view names the visitor's store and lists its departments (no call, no shift)", async () => {
    const { html } = await (await visitorWithStore(server.url, 1001)).page('/shop');
    expect(html).toContain('Shopping at <strong>Columbus Short North</strong>');
    const props = shopProps(html);
    expect(props.store?.id).toBe(1001);
    expect(props.navigation?.shop.children.map((d) => d.title)).toContain('Produce');
    const none = (await visitorWithStore(server.url, null)).page('/shop');
    expect((await none).html).not.toContain('Shopping at');
  });

  it("the shop island's first view is its default view as the server renders it, not a loading placeholder", async () => {
    // The island hydrates when reached or idle (react-app/islands/hydration.ts): until then this is what shows.
    const { html } = await (await visitorWithStore(server.url, 1001)).page('/shop');
    const view = new JSDOM(html).window.document.querySelector('[data-island="shop"] .shop-view');
    expect(view?.textContent).not.toContain('Loading the shop');
    const first = shopProps(html).products!.items[0];
    expect(view?.querySelector(`img[src="${first.image}"]`)).not.toBeNull();
    expect(view?.textContent).toContain(first.name);
    // No store: the store chooser, which the server can render too.
    const none = await (await visitorWithStore(server.url, null)).page('/shop');
    const chooser = new JSDOM(none.html).window.document.querySelector('[data-island="shop"] .shop-view');
    expect(chooser?.querySelector('h2')?.textContent).toBe('Choose a store to shop');
    expect(chooser?.textContent).not.toContain('Loading stores');
    expect(chooser?.querySelector('.store-chooser__list')?.textContent).toContain('Columbus Short North');
  });

  it("the shop island's props hold the default view's first products, the products API's very answer, and the head preloads the first image", async () => {
    const c = await visitorWithStore(server.url, 1001);
    const { html } = await c.page('/shop');
    const props = shopProps(html);
    const api = await c.json<unknown>('/api/shop/v1/products?page=1&per_page=24&sort=name&catalog=grocery&store_id=1001');
    expect(api.status).toBe(200);
    expect(props.products).toEqual(api.body);
    expect(props.products!.items.length).toBeGreaterThan(0);
    const first = props.products!.items[0].image;
    expect(html).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high">`);
    // No store: nothing to list, nothing to preload.
    const none = await (await visitorWithStore(server.url, null)).page('/shop');
    expect(none.html).not.toContain('rel="preload" as="image"');
  });

  it('20 parallel shop pages of one visitor all carry the same first products', async () => {
    const c = await visitorWithStore(server.url, 1001);
    const pages = await Promise.all(Array.from({ length: 20 }, () => c.page('/shop')));
    const lists = pages.map(({ status, html }) => {
      expect(status).toBe(200);
      return shopProps(html).products!.items.map((p) => p.id);
    });
    expect(lists[0]).toHaveLength(24);
    for (const list of lists) expect(list).toEqual(lists[0]);
  });

  it('carousel slides carry their reserved sizes from the settings', async () => {
    const { html } = await new Client(server.url).page('/');
    expect(html).toMatch(/data-reserve="" style="--e-slides-desktop:4;--e-slides-tablet:2;--e-slides-mobile:1;--e-gap-desktop:16px/);
  });
});

describe('the roots of store links', () => {
  it('each root the store layer rewrites links under is in the page, and holds shop links', async () => {
    const { html } = await (await visitorWithStore(server.url, 1001)).page('/');
    const doc = new JSDOM(html).window.document;
    for (const root of STORE_LINK_ROOTS) expect(doc.querySelector(root)?.querySelector('a[href^="/shop"]'), root).toBeTruthy();
  });
});
