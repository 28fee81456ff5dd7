import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer, visitorAt } from './testing/harness';

const server = useTestServer();

describe('pages', () => {
  it('serves the seeded home page with widgets, site config and the runtime, without React', async () => {
    const c = new Client(server.url);
    const { status, html } = await c.page('/');
    expect(status).toBe(200);
    for (const type of ['heading', 'text-editor', 'image', 'image-carousel']) {
      expect(html).toContain(`data-widget_type="${type}.default"`);
      expect(html).toContain(`elementor-widget-${type}`);
    }
    expect(html).toMatch(/<script type="application\/json" id="site-config">/);
    expect(html).toMatch(/<script type="module" src="\/assets\/runtime\/boot-[\w-]+\.js"><\/script>/);
    expect(html).not.toContain('/assets/app/');
    const config = JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(html)![1]);
    expect(config.responsive.breakpoints.mobile).toEqual({ label: 'Mobile Portrait', value: 767, direction: 'max', is_enabled: true });
    expect(config.environmentMode).toEqual({ edit: false, wpPreview: false, isScriptDebug: false });
    expect(config.i18n.a11yCarouselPaginationBulletMessage).toBe('Go to slide {{index}}');
    expect(config.user).toEqual({ id: 0, segment_ids: [], roles: [] });
    expect(config.chunks.carousel).toMatch(/^handler-carousel-.*\.js$/);
  });

  it('puts the carousel settings the handler needs in data-settings', async () => {
    const { html } = await new Client(server.url).page('/');
    const m = /data-widget_type="image-carousel.default" data-settings="([^"]+)"/.exec(html);
    const settings = JSON.parse(m![1].replace(/&quot;/g, '"'));
    expect(settings).toMatchObject({ slides_to_show: '4', navigation: 'both', autoplay: 'yes', autoplay_speed: 3000 });
  });

  it('loads the islands bundle only on pages with an island', async () => {
    const { html } = await new Client(server.url).page('/store/store-locator');
    expect(html).toContain('data-island="store-picker"');
    expect(html).toMatch(/\/assets\/app\/assets\/islands-[\w-]+\.js/);
    expect(html).toContain('Make This My Store');
  });

  it('answers an unknown path with a 404 page inside the site chrome', async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
  });

  it('serves built assets with immutable caching', async () => {
    const { html } = await new Client(server.url).page('/');
    const boot = /src="(\/assets\/runtime\/boot-[\w-]+\.js)"/.exec(html)![1];
    const res = await fetch(server.url + boot);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-type')).toContain('javascript');
  });

  it('draws product images locally', async () => {
    const res = await fetch(`${server.url}/media/products/5000.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('Honeycrisp Apples');
    expect((await fetch(`${server.url}/media/products/999999.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/products/..%2F..%2Fetc.svg`)).status).toBe(404);
  });

  it('draws recipe images locally, by the recipe id', async () => {
    const recipe = await server.db.kysely.selectFrom('recipes').select(['id', 'title']).executeTakeFirstOrThrow();
    const res = await fetch(`${server.url}/media/recipes/${recipe.id}.svg`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(recipe.title.split(' ')[0]);
    expect((await fetch(`${server.url}/media/recipes/999999.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/recipes/x${recipe.id}.svg`)).status).toBe(404);
  });
});

describe('API errors', () => {
  it('answers malformed JSON with 400 JSON, with or without a nonce', async () => {
    const c = new Client(server.url);
    const bare = await c.json('/api/shop/v1/current-store', { method: 'PUT', body: '{"store_id": ', nonce: false });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
    await c.page('/');
    const withNonce = await c.json('/api/shop/v1/current-store', { method: 'PUT', body: '{nope' });
    expect(withNonce.status).toBe(400);
  });

  it('answers unknown API routes with a WordPress-style 404', async () => {
    const r = await new Client(server.url).json('/wp-json/nothing/here');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 'rest_no_route', message: expect.any(String), data: { status: 404 } });
  });

  it('rejects a bad nonce with 403 rest_cookie_invalid_nonce and a write without one', async () => {
    const c = new Client(server.url);
    const bad = await c.json('/api/shop/v1/current-store?_wpnonce=0123456789');
    expect(bad.status).toBe(403);
    expect(bad.body).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
    const missing = await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 }, nonce: false });
    expect(missing.status).toBe(403);
  });
});

describe('stores and current store', () => {
  it('lists every store with the fields of the spec', async () => {
    const r = await new Client(server.url).json<{ items: Array<Record<string, unknown>> }>('/api/shop/v1/stores');
    expect(r.status).toBe(200);
    expect(r.body.items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(r.body.items.map((s) => s.state)).size).toBeGreaterThanOrEqual(3);
    const s = r.body.items.find((x) => x.id === 1001)!;
    for (const key of [
      'id',
      'name',
      'url',
      'address_1',
      'address_2',
      'city',
      'state',
      'postal_code',
      'phone',
      'hours',
      'latitude',
      'longitude',
      'store_number',
      'is_selectable',
      'store_segment_ids',
      'store_group_ids',
      'other_attributes',
    ]) {
      expect(s).toHaveProperty(key);
    }
    expect(s.other_attributes).toEqual({ related_catering_store_id: 1090, related_wine_store_id: 1095 });
  });

  it('keeps the chosen store in the session and rejects unknown or unselectable stores', async () => {
    const c = await visitorAt(server.url);
    expect((await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 424242 } })).status).toBe(404);
    const closed = await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1013 } });
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject({ code: 'rest_bad_request' });
    const bad = await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { store_id: expect.any(String) } } });
    const ok = await c.json<{ store: { id: number } }>('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1006 } });
    expect(ok.status).toBe(200);
    const now = await c.json<{ store: { id: number } }>('/api/shop/v1/current-store');
    expect(now.body.store.id).toBe(1006);
    const { html } = await c.page('/');
    expect(html).toContain('My Store: <a href="/stores/pittsburgh-lawrenceville">');
  });

  it('answers navigation with shop, recipe and account branches', async () => {
    const r = await new Client(server.url).json<Record<string, { children: Array<{ children: unknown[] }> }>>(
      '/api/shop/v1/stores/1001/navigation',
    );
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['account', 'recipe', 'shop']);
    expect(r.body.shop.children.length).toBeGreaterThanOrEqual(12);
    expect(r.body.shop.children.some((d) => d.children.length > 5)).toBe(true);
    expect((await new Client(server.url).json('/api/shop/v1/stores/0/navigation')).status).toBe(400);
    expect((await new Client(server.url).json('/api/shop/v1/stores/99999/navigation')).status).toBe(404);
  });
});

describe('sign in', () => {
  it('signs in with the seeded customer and exposes roles and segments in the page config', async () => {
    const c = await signedInAs(server.url, 'casey');
    const { html } = await c.page('/');
    const config = JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(html)![1]);
    expect(config.user.segment_ids).toEqual([5001, 5002]);
    expect(config.user.roles).toEqual(['customer']);
  });

  it('refuses a wrong password with 401 and bad input with 400', async () => {
    const c = await visitorAt(server.url);
    expect((await c.json('/api/shop/v1/session', { method: 'POST', body: { email: 'casey@example.test', password: 'nope' } })).status).toBe(
      401,
    );
    expect((await c.json('/api/shop/v1/session', { method: 'POST', body: { email: 'not-an-email', password: 'x' } })).status).toBe(400);
    expect((await c.json('/api/shop/v1/session', { method: 'POST', body: [] })).status).toBe(400);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff and frame-ancestors on pages', async () => {
    const res = await fetch(`${server.url}/`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await fetch(`${server.url}/api/shop/v1/stores`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("allows the shop's one inline script by the hash of its exact text, and no other inline script", async () => {
    const res = await fetch(`${server.url}/shop`);
    const csp = res.headers.get('content-security-policy')!;
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\s(?:src|type)=)[^>]*>([^<]*)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp).toContain(hash(inline[0]));
    // The probe: the same script changed by one character is not allowed.
    expect(csp).not.toContain(hash(`${inline[0]};`));
    expect(csp.match(/'sha256-/g)).toHaveLength(1);
  });
});

describe('sign-in rate limiting', () => {
  it('answers 429 after 5 failed attempts for one email, even with the right password', async () => {
    const c = await visitorAt(server.url);
    for (let i = 0; i < 5; i++)
      expect(
        (await c.json('/api/shop/v1/session', { method: 'POST', body: { email: 'jordan@example.test', password: `wrong-${i}` } })).status,
      ).toBe(401);
    const blocked = await c.json('/api/shop/v1/session', {
      method: 'POST',
      body: { email: 'jordan@example.test', password: 'jordan-password' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'rest_too_many_requests' });
    // Another account is not affected.
    expect(
      (await c.json('/api/shop/v1/session', { method: 'POST', body: { email: 'casey@example.test', password: 'casey-password' } })).status,
    ).toBe(200);
  });
});
