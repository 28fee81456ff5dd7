import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer, visitorWithStore } from '../../testing/harness';

const ownName = (name: string): string => `${name} ${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

// Issue 34 (docs/seo.md): robots.txt, sitemaps, redirects after slug changes, the redirects import, 410/404 and
// the SEO fields' bad input. Runs on SQLite and PostgreSQL.

const server = useTestServer();
const DOCS = '/wp-json/site/v1/documents';
const REDIRECTS = '/wp-json/site/v1/redirects';
type ApiError = { code: string; message: string; data: { status: number; params?: Record<string, string>; rows?: unknown[] } };

async function newPage(ed: Client, title: string, publish = true): Promise<{ id: number; slug: string }> {
  const created = await ed.json<{ id: number; slug: string }>(DOCS, { method: 'POST', body: { type: 'page', title } });
  expect(created.status).toBe(201);
  if (publish) expect((await ed.json(`${DOCS}/${created.body.id}/publish`, { method: 'POST', body: { tree: [] } })).status).toBe(200);
  return created.body;
}

/** Every URL of every sitemap the index lists, as paths. */
async function sitemapPaths(): Promise<string[]> {
  const c = new Client(server.url);
  const index = await c.raw('/sitemap.xml');
  expect(index.status).toBe(200);
  expect(index.headers.get('content-type')).toMatch(/application\/xml/);
  const parts = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const out: string[] = [];
  for (const part of parts) {
    const xml = await (await c.raw(part)).text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    out.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
  }
  return out;
}

describe('robots.txt', () => {
  it('keeps crawlers out of the cart, account, previews and the back office, and names the sitemap index', async () => {
    const res = await new Client(server.url).raw('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    const disallowed = [...text.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]);
    for (const path of ['/cart', '/account', '/admin', '/preview/', '/*?preview=', '/api/shop/v1/cart', '/api/shop/v1/account', '/editor/'])
      expect(disallowed).toContain(path);
    expect(text).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  });
});

describe('sitemaps', () => {
  it('list every published page, recipe, store, circular and product once, and nothing unpublished, trashed, noindex or not yet live', async () => {
    const db = server.db.kysely;
    const ed = await signedInAs(server.url, 'editor');
    const draft = await newPage(ed, ownName('Draft page'), false);
    const trashed = await newPage(ed, ownName('Trashed page'));
    expect((await ed.json(`${DOCS}/${trashed.id}/trash`, { method: 'POST', body: {} })).status).toBe(200);
    const hidden = await newPage(ed, ownName('Hidden page'));
    expect((await ed.json(`${DOCS}/${hidden.id}`, { method: 'PATCH', body: { settings: { seo: { noindex: true } } } })).status).toBe(200);
    // Settings are part of the draft (docs/editor.md): they reach visitors and crawlers when it is published.
    expect((await ed.json(`${DOCS}/${hidden.id}/publish`, { method: 'POST', body: { tree: [] } })).status).toBe(200);
    const later = await newPage(ed, ownName('Later page'), false);
    const scheduled = await ed.json(`${DOCS}/${later.id}/schedule`, {
      method: 'PUT',
      body: { publish_at: Date.now() + 86_400_000, unpublish_at: null },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    const published = await newPage(ed, ownName('Fresh page'));
    // The back office's changes, as its forms write them: a recipe back to draft, an ad that ended yesterday,
    // a product taken off sale, a store marked noindex.
    await db.updateTable('recipes').set({ status: 'draft' }).where('id', '=', 2).execute();
    await db.updateTable('circulars').set({ start_date: '2020-01-01', end_date: '2020-01-07' }).where('id', '=', 2).execute();
    await db.updateTable('products').set({ active: 0 }).where('id', '=', 5001).execute();
    const firstStore = await db.selectFrom('stores').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    await db
      .updateTable('stores')
      .set({ seo: JSON.stringify({ noindex: true }) })
      .where('id', '=', firstStore.id)
      .execute();

    const paths = await sitemapPaths();
    expect(new Set(paths).size).toBe(paths.length); // exactly once each

    const pages = await db
      .selectFrom('documents')
      .select(['slug', 'settings', 'status'])
      .where('type', '=', 'page')
      .where('status', '=', 'publish')
      .execute();
    const expected = new Set<string>();
    for (const p of pages) {
      const seo = (JSON.parse(p.settings || '{}') as { seo?: { noindex?: boolean } }).seo;
      if (!seo?.noindex) expected.add(p.slug === 'home' ? '/' : `/${p.slug}`);
    }
    for (const r of await db.selectFrom('recipes').select('slug').where('status', '=', 'publish').execute())
      expected.add(`/recipes/${r.slug}`);
    for (const s of await db.selectFrom('stores').select('slug').where('id', '!=', firstStore.id).execute())
      expected.add(`/stores/${s.slug}`);
    expected.add('/circulars/weekly-ad');
    for (const p of await db.selectFrom('products').select('slug').where('active', '=', 1).execute()) expected.add(`/products/${p.slug}`);
    expect(new Set(paths)).toEqual(expected);

    expect(paths).toContain(`/${published.slug}`);
    for (const gone of [
      `/${draft.slug}`,
      `/${trashed.slug}`,
      `/${hidden.slug}`,
      `/${later.slug}`,
      '/recipes/shakshuka',
      '/circulars/holiday-entertaining',
      `/stores/${firstStore.slug}`,
      '/search',
      '/popup-lab/scroll',
      '/showcase/500-elements',
    ])
      expect(paths).not.toContain(gone);
    expect(paths.some((p) => /preview|admin|cart|account/.test(p))).toBe(false);
    const shakshuka = await db.selectFrom('recipes').select('slug').where('id', '=', 2).executeTakeFirstOrThrow();
    expect(shakshuka.slug).toBe('shakshuka');
    const offSale = await db.selectFrom('products').select('slug').where('id', '=', 5001).executeTakeFirstOrThrow();
    expect(paths).not.toContain(`/products/${offSale.slug}`);

    await db.updateTable('recipes').set({ status: 'publish' }).where('id', '=', 2).execute();
    await db.updateTable('products').set({ active: 1 }).where('id', '=', 5001).execute();
    await db.updateTable('stores').set({ seo: '{}' }).where('id', '=', firstStore.id).execute();
    const holiday = { start_date: '2026-11-20', end_date: '2026-12-31' };
    await db.updateTable('circulars').set(holiday).where('id', '=', 2).execute();
  });

  it('give lastmod from the change time and answer from cache until something changes', async () => {
    const db = server.db.kysely;
    const ed = await signedInAs(server.url, 'editor');
    const before = Date.now();
    const page = await newPage(ed, ownName('Lastmod page'));
    const c = new Client(server.url);
    const pagesXml = async () => (await c.raw('/sitemaps/pages-1.xml')).text();
    const entry = new RegExp(`<loc>[^<]+/${page.slug}</loc><lastmod>([^<]+)</lastmod>`).exec(await pagesXml());
    expect(entry).not.toBeNull();
    expect(Date.parse(entry![1])).toBeGreaterThanOrEqual(before - 1000);
    const again = await c.raw('/sitemaps/pages-1.xml');
    expect(again.headers.get('x-sitemap-cache')).toBe('hit');
    await db.updateTable('documents').set({ status: 'trash' }).where('id', '=', page.id).execute();
    const after = await c.raw('/sitemaps/pages-1.xml');
    expect(after.headers.get('x-sitemap-cache')).toBe('miss');
    expect(await after.text()).not.toContain(`/${page.slug}<`);
  });
});

describe('redirects after a slug change', () => {
  it('a page renamed twice answers 301 from both old addresses straight to the new one', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const page = await newPage(ed, ownName('Moving page'));
    const rename = (slug: string) => ed.json(`${DOCS}/${page.id}`, { method: 'PATCH', body: { slug } });
    expect((await rename(`${page.slug}-two`)).status).toBe(200);
    expect((await rename(`${page.slug}-three`)).status).toBe(200);
    const c = new Client(server.url);
    for (const old of [`/${page.slug}`, `/${page.slug}-two`]) {
      const res = await c.raw(old);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/${page.slug}-three`);
    }
    expect((await c.raw(`/${page.slug}-three`)).status).toBe(200);
    // The query string goes along.
    expect((await c.raw(`/${page.slug}?utm_source=mail`)).headers.get('location')).toBe(`/${page.slug}-three?utm_source=mail`);
    // Renamed back: the first address is live again and nothing loops.
    expect((await rename(page.slug)).status).toBe(200);
    expect((await c.raw(`/${page.slug}`)).status).toBe(200);
    expect((await c.raw(`/${page.slug}-three`)).headers.get('location')).toBe(`/${page.slug}`);
    expect((await c.raw(`/${page.slug}-two`)).headers.get('location')).toBe(`/${page.slug}`);
  });

  it('a recipe, store, circular or product renamed by any writer (the back office) redirects too', async () => {
    const db = server.db.kysely;
    const c = new Client(server.url);
    const cases: Array<[table: 'recipes' | 'stores' | 'circulars' | 'products', prefix: string, id: number]> = [
      ['recipes', '/recipes/', 3],
      ['circulars', '/circulars/', 1],
      ['products', '/products/', 5002],
    ];
    const store = await db.selectFrom('stores').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    cases.push(['stores', '/stores/', store.id]);
    for (const [table, prefix, id] of cases) {
      const row = await db.selectFrom(table).select('slug').where('id', '=', id).executeTakeFirstOrThrow();
      await db
        .updateTable(table)
        .set({ slug: `${row.slug}-x` })
        .where('id', '=', id)
        .execute();
      await db
        .updateTable(table)
        .set({ slug: `${row.slug}-y` })
        .where('id', '=', id)
        .execute();
      for (const old of [row.slug, `${row.slug}-x`]) {
        const res = await c.raw(`${prefix}${old}`);
        expect(res.status, `${prefix}${old}`).toBe(301);
        expect(res.headers.get('location')).toBe(`${prefix}${row.slug}-y`);
      }
      expect((await c.raw(`${prefix}${row.slug}-y`)).status).toBe(200);
      await db.updateTable(table).set({ slug: row.slug }).where('id', '=', id).execute();
    }
  });
});

describe('gone and missing addresses', () => {
  it('a trashed page answers 410, an unknown address a helpful 404, neither indexed', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const page = await newPage(ed, ownName('Short-lived page'));
    await ed.json(`${DOCS}/${page.id}/trash`, { method: 'POST', body: {} });
    const c = new Client(server.url);
    const gone = await c.page(`/${page.slug}`);
    expect(gone.status).toBe(410);
    expect(gone.html).toContain('noindex');
    const missing = await c.page('/no-such-page-anywhere');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<meta name="robots" content="noindex">');
    expect(missing.html).not.toContain('BreadcrumbList');
    expect(missing.html).toMatch(/<form[^>]*role="search"[^>]*action="\/search"/);
    expect(missing.html).toContain('href="/store/store-locator"');
    expect(missing.html).toContain('href="/circulars/weekly-ad"');
    await server.db.kysely.updateTable('products').set({ active: 0 }).where('id', '=', 5003).execute();
    const product = await server.db.kysely.selectFrom('products').select('slug').where('id', '=', 5003).executeTakeFirstOrThrow();
    expect((await c.raw(`/products/${product.slug}`)).status).toBe(410);
    await server.db.kysely.updateTable('products').set({ active: 1 }).where('id', '=', 5003).execute();
  });
});

describe('the redirects screen API', () => {
  const count = () =>
    server.db.kysely
      .selectFrom('redirects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

  it('adds, lists and removes a redirect, which visitors then follow', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const added = await ed.json<{ items: Array<{ id: number; from_path: string; to_path: string }> }>(REDIRECTS, {
      method: 'POST',
      body: { from: 'https://old-grocer.example/about-us.html', to: '/contact' },
    });
    expect(added.status).toBe(201);
    const row = added.body.items.find((r) => r.from_path === '/about-us.html')!;
    expect(row.to_path).toBe('/contact');
    const res = await new Client(server.url).raw('/about-us.html');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/contact');
    // A line break in the query stays encoded: no header injection, no 500.
    const crlf = await new Client(server.url).raw('/about-us.html?x=%0d%0aSet-Cookie:%20a=b');
    expect(crlf.status).toBe(301);
    expect(crlf.headers.get('location')).toBe('/contact?x=%0d%0aSet-Cookie:%20a=b');
    expect(crlf.headers.get('set-cookie') ?? '').not.toContain('a=b');
    expect((await new Client(server.url).raw('/about-us.html%0d%0a')).status).toBe(404);
    expect((await ed.json(`${REDIRECTS}/${row.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await new Client(server.url).raw('/about-us.html')).status).toBe(404);
    expect((await new Client(server.url).json(REDIRECTS)).status).toBe(401);
  });

  it('refuses a redirect off the site, to javascript:, to nowhere, from a live page, or in a loop: 400 on the field, nothing written', async () => {
    const ed = await signedInAs(server.url, 'editor');
    await ed.json(REDIRECTS, { method: 'POST', body: { from: '/old-a', to: '/contact' } });
    const before = Number((await count()).n);
    const refused: Array<[{ from: string; to: string }, string, RegExp]> = [
      [{ from: '/old-b', to: '//evil.example' }, 'to', /this site|starting with \//],
      [{ from: '/old-b', to: 'https://evil.example/x' }, 'to', /only point to this site/],
      [{ from: '/old-b', to: 'javascript:alert(1)' }, 'to', /http/],
      [{ from: '/old-b', to: '/no-such-target' }, 'to', /does not exist/],
      [{ from: '/contact', to: '/recipes' }, 'from', /still opens a page/],
      [{ from: '/old-b', to: '' }, 'to', /new address/],
    ];
    for (const [body, field, message] of refused) {
      const r = await ed.json<ApiError>(REDIRECTS, { method: 'POST', body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.params?.[field]).toMatch(message);
    }
    // /old-a → /contact exists; /contact-x → /old-a would be a chain (flattened), a loop is refused.
    await ed.json(REDIRECTS, { method: 'POST', body: { from: '/old-c', to: '/old-a' } });
    const nowhere = await ed.json<ApiError>(REDIRECTS, { method: 'POST', body: { from: '/old-loop-1', to: '/old-loop-2' } });
    expect(nowhere.status).toBe(400); // nothing at /old-loop-2
    // /old-c → /old-a → /contact: sending /contact back to /old-c closes a loop.
    const loop = await ed.json<ApiError>(REDIRECTS, { method: 'POST', body: { from: '/contact', to: '/old-c' } });
    expect(loop.status).toBe(400);
    expect(loop.body.data.params?.to).toMatch(/redirect loop/);
    expect(Number((await count()).n)).toBe(before + 1);
    const chained = await server.db.kysely
      .selectFrom('redirects')
      .select('to_path')
      .where('from_path', '=', '/old-c')
      .executeTakeFirstOrThrow();
    expect(chained.to_path).toBe('/contact');
  });

  it('imports a CSV after a dry run that reports loops, chains and missing targets; a refused row writes nothing', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const before = Number((await count()).n);
    const csv = [
      'old,new',
      'https://old-grocer.example/weekly-specials,/circulars/weekly-ad',
      '/old-recipes/shakshuka.html,/recipes/shakshuka',
      '/old-x,/old-y',
      '/old-y,/old-x',
      '/old-chain,/old-recipes/shakshuka.html',
      '/old-missing,/not-here',
      '/old-no-target,',
    ].join('\n');
    const dry = await ed.json<{
      dry_run: boolean;
      refused: number;
      chains: number;
      rows: Array<{ line: number; problems: Array<{ field: string; message: string }>; notes: string[]; to: string }>;
    }>(`${REDIRECTS}/import`, { method: 'POST', body: { csv, dry_run: true } });
    expect(dry.status).toBe(200);
    expect(dry.body.dry_run).toBe(true);
    const byLine = new Map(dry.body.rows.map((r) => [r.line, r]));
    expect(byLine.get(2)!.problems).toEqual([]);
    expect(byLine.get(4)!.problems[0].message).toMatch(/loop/);
    expect(byLine.get(5)!.problems[0].message).toMatch(/loop/);
    expect(byLine.get(6)!.notes[0]).toMatch(/Chain/);
    expect(byLine.get(6)!.to).toBe('/recipes/shakshuka');
    expect(byLine.get(7)!.problems[0].message).toMatch(/does not exist/);
    expect(byLine.get(8)!.problems[0].message).toMatch(/new address/);
    expect(dry.body.refused, JSON.stringify(dry.body.rows)).toBe(4);
    expect(Number((await count()).n)).toBe(before);

    const refused = await ed.json<ApiError>(`${REDIRECTS}/import`, { method: 'POST', body: { csv } });
    expect(refused.status).toBe(400);
    expect(refused.body.data.params?.csv).toMatch(/Nothing was imported: 4 rows refused/);
    expect(refused.body.data.rows).toHaveLength(7);
    expect(Number((await count()).n)).toBe(before);

    const good = csv.split('\n').slice(0, 3).concat('/old-chain,/old-recipes/shakshuka.html').join('\n');
    const imported = await ed.json<{ accepted: number }>(`${REDIRECTS}/import`, { method: 'POST', body: { csv: good } });
    expect(imported.status).toBe(200);
    expect(imported.body.accepted).toBe(3);
    const res = await new Client(server.url).raw('/old-chain');
    expect(res.headers.get('location')).toBe('/recipes/shakshuka');
  });
});

describe('SEO fields: bad input', () => {
  it('refuses a 10,000-character SEO title, a canonical to another origin or javascript:, and a products/ slug; nothing written', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const page = await newPage(ed, ownName('Guarded page'));
    const settingsOf = async () => (await ed.json<{ settings: Record<string, unknown>; slug: string }>(`${DOCS}/${page.id}/settings`)).body;
    const before = await settingsOf();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ settings: { seo: { title: 'x'.repeat(10_000) } } }, 'seo.title', /at most 200 characters/],
      [{ settings: { seo: { canonical: 'https://evil.example/page' } } }, 'seo.canonical', /must be on this site/],
      [{ settings: { seo: { canonical: 'javascript:alert(1)' } } }, 'seo.canonical', /http and https/],
      [{ settings: { seo: { canonical: '//evil.example/page' } } }, 'seo.canonical', /path starting with \//],
      [{ settings: { seo: { og_image: 'javascript:alert(1)' } } }, 'seo.og_image', /image path/],
      [{ settings: { seo: { noindex: 'maybe' } } }, 'seo.noindex', /on or off/],
      [{ slug: 'products/apples' }, 'slug', /reserved for product pages/],
    ];
    for (const [body, field, message] of cases) {
      const r = await ed.json<ApiError>(`${DOCS}/${page.id}`, { method: 'PATCH', body });
      expect(r.status, field).toBe(400);
      expect(r.body.data.params?.[field], field).toMatch(message);
    }
    expect(await settingsOf()).toEqual(before);
    const ok = await ed.json(`${DOCS}/${page.id}`, {
      method: 'PATCH',
      body: { settings: { seo: { title: 'Fine', canonical: `${server.url}/${page.slug}` } } },
    });
    expect(ok.status).toBe(200);
  });
});

describe('visitors with a store', () => {
  it('see the product page priced at their store', async () => {
    const store = await server.db.kysely
      .selectFrom('stores')
      .select('id')
      .where('kind', '=', 'shopping')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const v = await visitorWithStore(server.url, store.id);
    const product = await server.db.kysely.selectFrom('products').select('slug').where('id', '=', 5000).executeTakeFirstOrThrow();
    const page = await v.page(`/products/${product.slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('"@type":"Offer"');
    expect(page.html).not.toContain('AggregateOffer');
  });
});
