import { describe, expect, it } from 'vitest';
import { Client, useTestServer, visitorAt } from '../testing/harness';

const server = useTestServer();

describe('store landing pages', () => {
  it('a store that is not open yet says "Opening soon", never "Open now", and offers no store choice', async () => {
    const { status, html } = await new Client(server.url).page('/stores/lansing-old-town-opening-soon');
    expect(status).toBe(200);
    expect(html).toContain('Opening soon');
    expect(html).not.toContain('Open now');
    expect(html).not.toContain('Make This My Store');
  });

  it('shows address, phone, hours, directions, open-now badge and GroceryStore JSON-LD', async () => {
    const c = new Client(server.url);
    const { status, html } = await c.page('/stores/columbus-short-north');
    expect(status).toBe(200);
    expect(html).toContain('<h1>Columbus Short North</h1>');
    expect(html).toContain('href="tel:6145550141"');
    expect(html).toContain('https://www.google.com/maps/dir/?api=1&amp;destination=880%20N%20High%20St%2C%20Columbus%2C%20OH%2C%2043215');
    expect(html).toMatch(/data-open-now="(yes|no)"/);
    expect(html).toContain('Make This My Store');
    expect(html).not.toContain('data-my-store=""');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'GroceryStore',
      name: 'Columbus Short North',
      address: { postalCode: '43215', addressRegion: 'OH' },
    });
    expect(ld.openingHoursSpecification).toHaveLength(7);
  });

  it("marks the visitor's store 'My Store' and offers 'Select Another Store'", async () => {
    const c = await visitorAt(server.url);
    expect((await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 } })).status).toBe(200);
    const { html } = await c.page('/stores/columbus-short-north');
    expect(html).toContain('data-my-store=""');
    expect(html).toContain('Select Another Store');
    expect(html).not.toContain('Make This My Store');
    // The header carries the store in shop, catering and wine links, server-rendered.
    expect(html).toContain('href="/shop#!/?store_id=1001"');
    expect(html).toContain('href="/catering#!/?store_id=1090"');
    expect(html).toContain('href="/wine#!/?store_id=1095"');
  });

  it('answers 404 for unknown or malformed slugs', async () => {
    expect((await fetch(`${server.url}/stores/no-such-store`)).status).toBe(404);
    expect((await fetch(`${server.url}/stores/%3Cscript%3E`)).status).toBe(404);
  });
});

describe('header navigation', () => {
  it('renders the department mega menu server-side, with more... after 5 children', async () => {
    const { html } = await new Client(server.url).page('/');
    expect(html).toContain('data-mega-menu=""');
    expect(html).toMatch(/class="mega-panel mega-panel--cols-3[^"]*"/);
    expect(html).toContain('>Produce</a>');
    expect(html).toContain('more...');
    // Without a store the shop links carry none.
    expect(html).toContain('href="/shop"');
    expect(html).not.toContain('store_id=');
  });

  it('the locator pages list the stores', async () => {
    for (const path of ['/store/store-locator', '/my-store/store-locator']) {
      const { status, html } = await new Client(server.url).page(path);
      expect(status).toBe(200);
      expect(html).toContain('Sort by distance from me');
      expect(html).toContain('Pittsburgh Lawrenceville');
    }
  });
});

describe('contact form', () => {
  const good = {
    name: 'Casey',
    email: 'Casey@Example.test',
    phone: '(614) 555-0100',
    store_id: '1006',
    topic: 'Online order',
    message: 'My order was missing the milk.',
  };

  it('lists stores sorted by state, then name', async () => {
    const { html } = await new Client(server.url).page('/contact');
    const options = [...html.matchAll(/<option value="(\d+)"[^>]*>([A-Z]{2}) · ([^<]+)<\/option>/g)].map((m) => `${m[2]} ${m[3]}`);
    expect(options.length).toBe(13);
    expect(options).toEqual([...options].sort());
    expect(options[0]).toBe('MI Ann Arbor Kerrytown');
  });

  it('saves a valid message', async () => {
    const c = await visitorAt(server.url, '/contact');
    const r = await c.json<{ id: number; message: string }>('/wp-json/site/v1/contact', { method: 'POST', body: good });
    expect(r.status).toBe(201);
    const row = await server.db.kysely.selectFrom('contact_messages').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ store_id: 1006, email: 'casey@example.test', topic: 'Online order', message: good.message, user_id: null });
  });

  it('refuses bad input with 400 and the field, and writes without a nonce with 403', async () => {
    const c = await visitorAt(server.url, '/contact');
    const bad = await c.json('/wp-json/site/v1/contact', { method: 'POST', body: { ...good, email: 'nope', store_id: '1090' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { email: 'Enter a valid email address, like name@example.com.', store_id: 'Choose a store from the list.' } },
    });
    expect((await c.json('/wp-json/site/v1/contact', { method: 'POST', body: 'not json{' })).status).toBe(400);
    expect((await c.json('/wp-json/site/v1/contact', { method: 'POST', body: good, nonce: false })).status).toBe(403);
  });
});
