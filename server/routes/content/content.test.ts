import { describe, expect, it } from 'vitest';
import { signedInAs, useTestServer, visitorAt } from '../../testing/harness';

const server = useTestServer();

const BASE = '/wp-json/freshop/v1/content';
const html = (r: { body: unknown }) => (r.body as { html: string }).html;

describe('content REST: store mode', () => {
  it('site-banner: the store group banner beats the catch-all one', async () => {
    const c = await visitorAt(server.url);
    const oh = await c.json(`${BASE}/site-banner?store_id=1001&_wpnonce=${c.nonce}`);
    expect(oh.status).toBe(200);
    expect(html(oh)).toContain('Ohio stores');
    const pa = await c.json(`${BASE}/site-banner?store_id=1006&_wpnonce=${c.nonce}`);
    expect(html(pa)).toContain('Pennsylvania stores');
    const mi = await c.json(`${BASE}/site-banner?store_id=1010`);
    expect(html(mi)).toContain('Free pickup');
  });

  it('slider: by slider id, with or without WebP sources', async () => {
    const c = await visitorAt(server.url);
    const webp = await c.json(`${BASE}/slider?slug=home&slider_id=home&webp=1&store_id=1006&_wpnonce=${c.nonce}`);
    expect(html(webp)).toContain('Pennsylvania picks');
    expect(html(webp)).toContain('type="image/webp"');
    const plain = await c.json(`${BASE}/slider?slider_id=home&webp=0&store_id=1006&_wpnonce=${c.nonce}`);
    expect(html(plain)).toContain('Pennsylvania picks');
    expect(html(plain)).not.toContain('image/webp');
    const none = await c.json(`${BASE}/slider?slider_id=nothing-here&store_id=1006&_wpnonce=${c.nonce}`);
    expect(none.body).toEqual({ html: '' });
  });

  it('cta: per store group', async () => {
    const c = await visitorAt(server.url);
    expect(html(await c.json(`${BASE}/cta?store_id=1010&_wpnonce=${c.nonce}`))).toContain('Michigan cherries');
    expect(html(await c.json(`${BASE}/cta?store_id=1001&_wpnonce=${c.nonce}`))).toContain('catering in Ohio');
  });

  it('personalized-content: anonymous visitors get the unknown-user group, signed-in ones their segments', async () => {
    const anon = await visitorAt(server.url);
    expect(html(await anon.json(`${BASE}/personalized-content?slug=welcome&store_id=1001&_wpnonce=${anon.nonce}`))).toContain(
      'Sign in to see offers',
    );
    const c = await signedInAs(server.url, 'casey');
    const mine = await c.json(`${BASE}/personalized-content?slug=welcome&store_id=1001&_wpnonce=${c.nonce}`);
    expect(mine.status).toBe(200);
    expect(html(mine)).toContain('Welcome back');
    expect(mine.headers.get('cache-control')).toBe('private, max-age=60');
    // Without the nonce the same cookies count as an anonymous visitor (WordPress REST semantics).
    expect(html(await c.json(`${BASE}/personalized-content?slug=welcome&store_id=1001`))).toContain('Sign in to see offers');
  });

  it('nothing targeted answers an empty html', async () => {
    const c = await visitorAt(server.url);
    const r = await c.json(`${BASE}/personalized-content?slug=no-such-slot&store_id=1001&_wpnonce=${c.nonce}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ html: '' });
  });

  it('homepage: the store group home page url, else the site home page', async () => {
    const c = await visitorAt(server.url);
    expect((await c.json(`${BASE}/homepage?store_id=1006&_wpnonce=${c.nonce}&utm_source=mail`)).body).toEqual({
      url: '/home-pennsylvania',
    });
    expect((await c.json(`${BASE}/homepage?store_id=1001&_wpnonce=${c.nonce}`)).body).toEqual({ url: '/' });
    const page = await c.page('/home-pennsylvania');
    expect(page.html).toContain('Fresh from Pennsylvania');
  });
});

describe('content REST: group mode', () => {
  it('targets by store group ids and user group ids', async () => {
    const c = await visitorAt(server.url);
    expect(html(await c.json(`${BASE}/site-banner?store_group_ids=200&user_group_ids=22728263&_wpnonce=${c.nonce}`))).toContain(
      'Pennsylvania stores',
    );
    expect(html(await c.json(`${BASE}/cta?store_group_ids=300,900&user_group_ids=22728263&_wpnonce=${c.nonce}`))).toContain(
      'Michigan cherries',
    );
    expect(html(await c.json(`${BASE}/slider?slider_id=home&store_group_ids=100&user_group_ids=22728263&_wpnonce=${c.nonce}`))).toContain(
      'Ohio harvest',
    );
    expect(
      html(await c.json(`${BASE}/personalized-content?slug=welcome&store_group_ids=100&user_group_ids=22728263&_wpnonce=${c.nonce}`)),
    ).toContain('Sign in to see offers');
    // Repeated keys work as well as comma lists.
    expect(html(await c.json(`${BASE}/cta?store_group_ids=100&store_group_ids=900&user_group_ids=22728263`))).toContain('catering in Ohio');
  });

  it('a signed-in visitor sends their segment ids', async () => {
    const c = await signedInAs(server.url, 'casey');
    const r = await c.json(`${BASE}/personalized-content?slug=welcome&store_group_ids=100&user_group_ids=5001,5002&_wpnonce=${c.nonce}`);
    expect(r.status).toBe(200);
    expect(html(r)).toContain('Welcome back');
  });
});

describe('content REST: every endpoint × mode × visitor', () => {
  const endpoints = [
    ['site-banner', ''],
    ['slider', '&slider_id=home&webp=1'],
    ['cta', ''],
    ['personalized-content', '&slug=welcome'],
  ] as const;
  const modes = { store: 'store_id=1001', group: 'store_group_ids=100,900' } as const;

  it.each(['anonymous', 'signed in'] as const)(
    '%s: 200 with html for each endpoint in store and group mode; 403 on a bad nonce',
    async (who) => {
      const c = who === 'anonymous' ? await visitorAt(server.url) : await signedInAs(server.url, 'casey');
      const users = who === 'anonymous' ? '22728263' : '5001,5002';
      for (const [kind, extra] of endpoints) {
        for (const [mode, target] of Object.entries(modes)) {
          const q = `${target}${mode === 'group' ? `&user_group_ids=${users}` : ''}${extra}`;
          const ok = await c.json(`${BASE}/${kind}?${q}&_wpnonce=${c.nonce}`);
          expect(ok.status, `${kind} ${mode}`).toBe(200);
          expect(typeof html(ok), `${kind} ${mode}`).toBe('string');
          expect(html(ok).length, `${kind} ${mode}`).toBeGreaterThan(0);
          expect(ok.headers.get('cache-control')).toBe(who === 'anonymous' ? 'public, max-age=60' : 'private, max-age=60');
          const bad = await c.json(`${BASE}/${kind}?${q}&_wpnonce=bad${c.nonce.slice(3)}`);
          expect(bad.status, `${kind} ${mode}`).toBe(403);
          expect((bad.body as { code: string }).code).toBe('rest_cookie_invalid_nonce');
        }
      }
      const home = await c.json(`${BASE}/homepage?store_id=1008&_wpnonce=${c.nonce}`);
      expect(home.body).toEqual({ url: '/home-pennsylvania' });
      expect((await c.json(`${BASE}/homepage?store_id=1008&_wpnonce=x${c.nonce}`)).status).toBe(403);
      // The personalised block follows the visitor in both modes.
      const mine = html(await c.json(`${BASE}/personalized-content?${modes.store}&slug=welcome&_wpnonce=${c.nonce}`));
      expect(mine).toContain(who === 'anonymous' ? 'Sign in to see offers' : 'Welcome back');
    },
  );
});

describe('content REST: nonces, caching, bad parameters', () => {
  it('a bad nonce is 403 rest_cookie_invalid_nonce; a good one passes', async () => {
    for (const kind of ['site-banner', 'slider', 'cta', 'personalized-content', 'homepage']) {
      const c = await visitorAt(server.url);
      const bad = await c.json(`${BASE}/${kind}?store_id=1001&_wpnonce=0123456789`);
      expect(bad.status, kind).toBe(403);
      expect(bad.body).toMatchObject({ code: 'rest_cookie_invalid_nonce', data: { status: 403 } });
      const good = await c.json(`${BASE}/${kind}?store_id=1001&_wpnonce=${c.nonce}`);
      expect(good.status, kind).toBe(200);
    }
    const signedIn = await signedInAs(server.url, 'casey');
    const header = await signedIn.json(`${BASE}/cta?store_id=1001`, { headers: { 'x-wp-nonce': 'nope' } });
    expect(header.status).toBe(403);
    // An anonymous nonce is not valid for a signed-in session.
    const anonNonce = (await visitorAt(server.url)).nonce;
    expect((await signedIn.json(`${BASE}/cta?store_id=1001&_wpnonce=${anonNonce}`)).status).toBe(403);
  });

  it('answers ETag and Cache-Control, and 304 to If-None-Match', async () => {
    const c = await visitorAt(server.url);
    const first = await c.json(`${BASE}/cta?store_id=1001&_wpnonce=${c.nonce}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await c.raw(`${BASE}/cta?store_id=1001&_wpnonce=${c.nonce}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const other = await c.json(`${BASE}/cta?store_id=1006&_wpnonce=${c.nonce}`);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('bad parameters are 400 with the parameter named; unknown stores 404', async () => {
    const c = await visitorAt(server.url);
    const cases = [
      `${BASE}/site-banner`,
      `${BASE}/site-banner?store_id=abc`,
      `${BASE}/cta?store_id=-4`,
      `${BASE}/cta?store_group_ids=1,x&user_group_ids=22728263`,
      `${BASE}/slider?slider_id=%3Cscript%3E&store_id=1001`,
      `${BASE}/slider?webp=maybe&store_id=1001`,
      `${BASE}/personalized-content?slug=${'a'.repeat(101)}&store_id=1001`,
      `${BASE}/homepage`,
      `${BASE}/homepage?store_id=1.5`,
    ];
    for (const path of cases) {
      const r = await c.json(path);
      expect(r.status, path).toBe(400);
      expect(r.body, path).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    }
    expect((await c.json(`${BASE}/cta?store_id=999999`)).status).toBe(404);
    expect((await c.json(`${BASE}/homepage?store_id=999999`)).status).toBe(404);
  });

  it('stores block HTML sanitised', async () => {
    const { saveBlock, findBlock } = await import('../../services/content/blocks');
    const id = await saveBlock(server.db.kysely, {
      kind: 'cta',
      slug: 'xss',
      html: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    const row = await server.db.kysely.selectFrom('content_blocks').select('html').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.html).toBe('<p>Hi<a>x</a></p>');
    const block = await findBlock(
      server.db.kysely,
      'cta',
      { storeId: 1001, storeGroupIds: [100], userGroupIds: [22728263] },
      { slug: 'xss' },
    );
    expect(block?.html).toBe('<p>Hi<a>x</a></p>');
  });
});
