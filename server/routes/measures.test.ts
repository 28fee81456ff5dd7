import { beforeEach, describe, expect, it } from 'vitest';
import { variantFor } from '../../core/measure/variant';
import { Client, signedInAs, useTestServer, visitorAt } from '../testing/harness';

// Measured content and A/B variants against the real server (SQLite here, PostgreSQL with with-postgres).

const server = useTestServer();
// Each test starts with fresh daily event budgets (every client of this file shares the loopback address).
beforeEach(async () => {
  await server.db.kysely.deleteFrom('login_attempts').where('key', 'like', 'events%').execute();
});
const VIEWS = '/wp-json/site/v1/content-views';
/** A view issued by the server (its impression), as the browser asks for it when the subject comes into view. */
async function openView(c: Client, subject_type: 'popup' | 'block', subject_id: number, variant: 'A' | 'B' = 'A'): Promise<string> {
  const r = await c.json<{ view_id: string }>(VIEWS, { method: 'POST', body: { subject_type, subject_id, variant } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.view_id;
}

const EVENTS = '/wp-json/site/v1/content-events';
const VARIANTS = '/wp-json/site/v1/content-variants';
type Json = { code: string; data: { status: number; params?: Record<string, string> } };

const rows = async (viewId: string) =>
  server.db.kysely
    .selectFrom('content_events')
    .select(['event', 'subject_id', 'audience'])
    .where('view_id', '=', viewId)
    .orderBy('event')
    .execute();

const view = (suffix: string) => `view-${suffix}-${Math.random().toString(36).slice(2, 10)}`;

describe('content events', () => {
  it('counts an impression and a click once per view under 25 parallel sends of the same batch', async () => {
    const c = await visitorAt(server.url);
    const v = await openView(c, 'block', 1001);
    const events = [{ view_id: v, subject_type: 'block', subject_id: 1001, variant: 'A', event: 'click' }];
    const answers = await Promise.all(Array.from({ length: 25 }, () => c.json(EVENTS, { method: 'POST', body: { events } })));
    expect(answers[0].body).toEqual({ accepted: 1, refused: 0 });
    expect(answers.map((a) => a.status)).toEqual(Array<number>(25).fill(202));
    expect(await rows(v)).toEqual([
      { event: 'click', subject_id: 1001, audience: 'anonymous' },
      { event: 'impression', subject_id: 1001, audience: 'anonymous' },
    ]);
  });

  it('writes nothing when the visitor refused tracking (cookie setting or Global Privacy Control)', async () => {
    const refused = await visitorAt(server.url);
    refused.cookies.set('tracking', 'refused');
    expect((await refused.json(VIEWS, { method: 'POST', body: { subject_type: 'block', subject_id: 1001, variant: 'A' } })).status).toBe(
      204,
    );
    const v1 = view('cookie');
    const a = await refused.json(EVENTS, {
      method: 'POST',
      body: { events: [{ view_id: v1, subject_type: 'block', subject_id: 1001, variant: 'A', event: 'impression' }] },
    });
    expect(a.status).toBe(204);
    expect(await rows(v1)).toEqual([]);

    const gpc = await visitorAt(server.url);
    const v2 = view('gpc');
    const b = await gpc.json(EVENTS, {
      method: 'POST',
      headers: { 'sec-gpc': '1' },
      body: { events: [{ view_id: v2, subject_type: 'block', subject_id: 1001, variant: 'A', event: 'impression' }] },
    });
    expect(b.status).toBe(204);
    expect(await rows(v2)).toEqual([]);
  });

  it('refuses events of a missing subject, and malformed batches, writing nothing', async () => {
    const c = await visitorAt(server.url);
    const v = view('bad');
    const noView = await c.json<Json>(VIEWS, { method: 'POST', body: { subject_type: 'popup', subject_id: 999999, variant: 'A' } });
    expect(noView.status).toBe(400);
    expect(noView.body.data.params).toEqual({ subject_id: 'No popup 999999.' });
    const missing = await c.json<Json>(EVENTS, {
      method: 'POST',
      body: { events: [{ view_id: v, subject_type: 'popup', subject_id: 999999, variant: 'A', event: 'impression' }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.params).toEqual({ events: 'No popup 999999.' });
    const junk = await c.json<Json>(EVENTS, { method: 'POST', body: { events: [{ view_id: 'x', event: 'hover' }] } });
    expect(junk.status).toBe(400);
    expect(await rows(v)).toEqual([]);
  });
});

describe('A/B variants', () => {
  it('refuses a variant of a missing popup or block with the message next to subject_id', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const popup = await ed.json<Json>(VARIANTS, { method: 'POST', body: { subject_type: 'popup', subject_id: 999999, html: '<p>B</p>' } });
    expect(popup.status).toBe(400);
    expect(popup.body.data.params).toEqual({ subject_id: 'No popup 999999.' });
    const block = await ed.json<Json>(VARIANTS, { method: 'POST', body: { subject_type: 'block', subject_id: 424242, html: '<p>B</p>' } });
    expect(block.body.data.params).toEqual({ subject_id: 'No content block 424242.' });
    const empty = await ed.json<Json>(VARIANTS, { method: 'POST', body: { subject_type: 'block', subject_id: 1001, html: ' ' } });
    expect(empty.body.data.params).toEqual({ html: 'Enter the content of variant B.' });
  });

  it('splits visitors by a stable hash (45-55 % of 10 000), serves B to B visitors, and promotes the winner', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const created = await ed.json<{ id: number }>(VARIANTS, {
      method: 'POST',
      body: { subject_type: 'block', subject_id: 1001, html: '<p>Variant B: free pickup all week</p>' },
    });
    expect(created.status).toBe(201);

    const ids = Array.from({ length: 10_000 }, (_, i) => `visitor-${i}-${(i * 2654435761) % 4294967296}`);
    const share = ids.filter((id) => variantFor(id, 'block:1001') === 'B').length / ids.length;
    expect(share).toBeGreaterThanOrEqual(0.45);
    expect(share).toBeLessThanOrEqual(0.55);
    // The endpoint agrees with the shared function, for a sample of those visitors, every time.
    const anon = await visitorAt(server.url);
    for (const id of ids.slice(0, 40)) {
      const r = await anon.json<{ variant: string; html: string | null }>(`${VARIANTS}/block/1001/for?visitor=${id}`);
      expect(r.body.variant).toBe(variantFor(id, 'block:1001'));
      expect(r.body.html !== null).toBe(r.body.variant === 'B');
    }

    // Click-through per variant with an interval: B clearly wins. Each view is issued by the server.
    const send = async (variant: 'A' | 'B', clicks: number, views: number) => {
      const out = [];
      for (let i = 0; i < views; i++) {
        const v = await openView(anon, 'block', 1001, variant);
        if (i < clicks) out.push({ view_id: v, subject_type: 'block', subject_id: 1001, variant, event: 'click' });
      }
      return out;
    };
    const events = [...(await send('A', 2, 60)), ...(await send('B', 30, 60))];
    for (let i = 0; i < events.length; i += 50) {
      expect((await anon.json(EVENTS, { method: 'POST', body: { events: events.slice(i, i + 50) } })).status).toBe(202);
    }
    const perf = await ed.get<{
      days: Array<{ subject_id: number; variant: string; impression: number }>;
      variants: Array<{
        subject_id: number;
        variant: string;
        impressions: number;
        clicks: number;
        click_through: { rate: number; low: number; high: number };
      }>;
      winners: Array<{ subject_id: number; winner: string | null }>;
    }>('/wp-json/site/v1/content-performance');
    expect(perf.status).toBe(200);
    const b = perf.body.variants.find((v) => v.subject_id === 1001 && v.variant === 'B');
    expect(b).toMatchObject({ impressions: 60, clicks: 30, click_through: { rate: 0.5 } });
    expect(b!.click_through.low).toBeLessThan(0.5);
    expect(b!.click_through.high).toBeGreaterThan(0.5);
    expect(perf.body.winners.find((w) => w.subject_id === 1001)?.winner).toBe('B');
    expect(
      perf.body.days.filter((d) => d.subject_id === 1001 && d.variant === 'A').reduce((n, d) => n + d.impression, 0),
    ).toBeGreaterThanOrEqual(60);

    const promoted = await ed.json(`${VARIANTS}/${created.body.id}/promote`, { method: 'POST' });
    expect(promoted.status).toBe(200);
    await expect
      .poll(async () => (await anon.json<{ html: string }>('/wp-json/freshop/v1/content/site-banner?store_id=1010')).body.html, {
        timeout: 10_000,
        interval: 250,
      })
      .toContain('Variant B: free pickup all week');
  });
});

describe('variant B of a content block on a cached page', () => {
  it('the cached page is the same for A and B visitors (the block names itself, never carries B); each gets their own variant', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const block = await ed.json<{ id: number }>('/wp-json/site/v1/content-blocks', {
      method: 'POST',
      body: { kind: 'cta', slug: 'cache-ab', html: '<p>Variant A: pears</p>' },
    });
    expect(block.status).toBe(201);
    const saved = await ed.json(VARIANTS, {
      method: 'POST',
      body: { subject_type: 'block', subject_id: block.body.id, html: '<p>Variant B: plums</p>' },
    });
    expect(saved.status).toBe(201);
    // The home page's call to action, asked for this slug through a page that has it: the Pennsylvania home.
    await server.db.kysely
      .updateTable('documents')
      .set({
        tree: JSON.stringify([
          { id: 'cab001', elType: 'widget', widgetType: 'freshop-content', settings: { content: 'cta', slug: 'cache-ab' }, elements: [] },
        ]),
      })
      .where('id', '=', 10)
      .execute();
    const ids = Array.from({ length: 40 }, (_, i) => `cache-visitor-${i}`);
    const a = ids.find((v) => variantFor(v, `block:${block.body.id}`) === 'A')!;
    const b = ids.find((v) => variantFor(v, `block:${block.body.id}`) === 'B')!;
    const [first, second] = [new Client(server.url), new Client(server.url)];
    await first.raw('/home-pennsylvania'); // kept by the page cache: the 20 below are answered from it
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).raw('/home-pennsylvania')));
    const htmls = await Promise.all(pages.map((p) => p.text()));
    expect(new Set(pages.map((p) => p.status))).toEqual(new Set([200]));
    expect(pages.map((p) => p.headers.get('x-page-cache'))).toEqual(Array(20).fill('hit'));
    for (const html of htmls) {
      expect(html).toContain(`data-block-id="${block.body.id}"`);
      expect(html).toContain('Variant A: pears');
      expect(html).not.toContain('plums');
    }
    const forA = await first.json<{ variant: string; html: string | null }>(`${VARIANTS}/block/${block.body.id}/for?visitor=${a}`);
    const forB = await second.json<{ variant: string; html: string | null }>(`${VARIANTS}/block/${block.body.id}/for?visitor=${b}`);
    expect([forA.body.variant, forA.body.html]).toEqual(['A', null]);
    expect([forB.body.variant, forB.body.html]).toEqual(['B', '<p>Variant B: plums</p>']);
  });
});
