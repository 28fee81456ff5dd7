import { beforeEach, describe, expect, it } from 'vitest';
import { RAW_DAYS, rollUpContentEvents } from '../services/measures/content-events';
import { type Client, signedInAs, useTestServer, visitorAt, visitorWithStore } from '../testing/harness';
import { EVENTS_PER_VISITOR } from './measures';

// Issue 32, finding 3 (and issue 36, preview visits): 20 requests of 50 invented events turned popup 51's A/B
// test from a tie into "winner B"; closes without impressions and clicks for a missing variant were accepted;
// signed-in customers had no budget; content_events was never pruned. Views are now issued by the server.

const server = useTestServer();
const VIEWS = '/wp-json/site/v1/content-views';
const EVENTS = '/wp-json/site/v1/content-events';
const PERF = '/wp-json/site/v1/content-performance';

beforeEach(async () => {
  const k = server.db.kysely;
  await k.deleteFrom('login_attempts').execute();
  await k.deleteFrom('content_events').execute();
  await k.deleteFrom('content_views').execute();
  await k.deleteFrom('content_event_refusals').execute();
  await k.deleteFrom('content_event_days').execute();
  await k.deleteFrom('content_variants').execute();
});

interface Perf {
  variants: Array<{ subject_type: string; subject_id: number; variant: string; impressions: number; clicks: number }>;
  winners: Array<{ subject_type: string; subject_id: number; winner: string | null }>;
  refused: { total: number; by_reason: Record<string, number> };
}

const perf = async (ed: Client) => (await ed.get<Perf>(PERF)).body;
const popup51 = (p: Perf) => ({
  a: p.variants.find((v) => v.subject_id === 51 && v.variant === 'A'),
  b: p.variants.find((v) => v.subject_id === 51 && v.variant === 'B'),
  winner: p.winners.find((w) => w.subject_id === 51)?.winner ?? null,
});

async function openView(c: Client, subject_id: number, variant: 'A' | 'B') {
  return c.json<{ view_id: string }>(VIEWS, { method: 'POST', body: { subject_type: 'popup', subject_id, variant } });
}

describe('forged A/B results', () => {
  it('20 parallel batches of 50 invented clicks change nothing; the refusals are counted and shown', async () => {
    const ed = await signedInAs(server.url, 'editor');
    expect(
      (
        await ed.json('/wp-json/site/v1/content-variants', {
          method: 'POST',
          body: { subject_type: 'popup', subject_id: 51, html: '<p>B</p>' },
        })
      ).status,
    ).toBe(201);
    // Honest traffic: 10 views of each variant, 3 clicks each (a tie).
    for (const variant of ['A', 'B'] as const)
      for (let i = 0; i < 10; i++) {
        const shopper = await visitorWithStore(server.url, 1001);
        const { body } = await openView(shopper, 51, variant);
        if (i < 3)
          expect(
            (
              await shopper.json(EVENTS, {
                method: 'POST',
                body: { events: [{ view_id: body.view_id, subject_type: 'popup', subject_id: 51, variant, event: 'click' }] },
              })
            ).status,
          ).toBe(202);
      }
    const before = popup51(await perf(ed));
    expect(before.winner).toBeNull();

    const forger = await visitorAt(server.url);
    const batch = (n: number) =>
      Array.from({ length: 50 }, (_, i) => ({
        view_id: `forged-${n}-${i}-abcdefgh`,
        subject_type: 'popup',
        subject_id: 51,
        variant: 'B',
        event: i % 2 ? 'impression' : 'click',
      }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => forger.json<{ accepted?: number }>(EVENTS, { method: 'POST', body: { events: batch(n) } })),
    );
    expect(answers.every((a) => a.status === 202 || a.status === 429)).toBe(true);
    expect(answers.reduce((n, a) => n + (a.body.accepted ?? 0), 0)).toBe(0);

    const after = await perf(ed);
    expect(popup51(after)).toEqual(before);
    expect(after.refused.total).toBe(1000);
    expect(after.refused.by_reason.over_budget).toBe(1000 - EVENTS_PER_VISITOR.max);
  });

  it('refuses a close without an impression, a click naming another variant, and a view of a variant that does not exist', async () => {
    const c = await visitorWithStore(server.url, 1001);
    const view = (await openView(c, 51, 'A')).body.view_id;
    const r = await c.json<{ accepted: number; refused: number }>(EVENTS, {
      method: 'POST',
      body: {
        events: [
          { view_id: 'never-shown-abcdefgh', subject_type: 'popup', subject_id: 51, variant: 'A', event: 'close' },
          { view_id: view, subject_type: 'popup', subject_id: 51, variant: 'B', event: 'click' },
          { view_id: view, subject_type: 'popup', subject_id: 51, variant: 'A', event: 'add_to_cart' },
          { view_id: view, subject_type: 'popup', subject_id: 51, variant: 'A', event: 'close' },
        ],
      },
    });
    expect(r.body).toEqual({ accepted: 1, refused: 3 });
    const noB = await c.json<{ data: { params: Record<string, string> } }>(VIEWS, {
      method: 'POST',
      body: { subject_type: 'popup', subject_id: 51, variant: 'B' },
    });
    expect(noB.status).toBe(400);
    expect(noB.body.data.params).toEqual({ variant: 'This content has no variant B.' });
    const rows = await server.db.kysely.selectFrom('content_events').select(['event', 'variant']).orderBy('event').execute();
    expect(rows).toEqual([
      { event: 'close', variant: 'A' },
      { event: 'impression', variant: 'A' },
    ]);
  });

  it(`caps a signed-in customer at ${EVENTS_PER_VISITOR.max} events a day under 25 parallel batches`, async () => {
    const casey = await signedInAs(server.url, 'casey');
    const views = await Promise.all(Array.from({ length: 25 }, () => openView(casey, 51, 'A')));
    const ids = views.map((v) => v.body.view_id);
    const answers = await Promise.all(
      ids.map((v) =>
        casey.json(EVENTS, {
          method: 'POST',
          body: {
            events: Array.from({ length: 50 }, () => ({ view_id: v, subject_type: 'popup', subject_id: 51, variant: 'A', event: 'click' })),
          },
        }),
      ),
    );
    // 25 views and 25 × 50 events counted against 200: at most (200 − 25) / 50 = 3 batches fit.
    expect(answers.filter((a) => a.status === 202)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(22);
    expect((await openView(casey, 51, 'A')).status).toBe(429);
  });
});

describe('preview visits', () => {
  it('are never impressions or clicks', async () => {
    const ed = await signedInAs(server.url, 'editor');
    for (const referer of [`${server.url}/preview/some-token`, `${server.url}/?preview=true`]) {
      const r = await ed.json(VIEWS, {
        method: 'POST',
        body: { subject_type: 'popup', subject_id: 51, variant: 'A' },
        headers: { referer },
      });
      expect(r.status).toBe(204);
    }
    expect(await server.db.kysely.selectFrom('content_events').selectAll().execute()).toEqual([]);
  });
});

describe('old events', () => {
  it(`are rolled up into daily counts after ${RAW_DAYS} days, and the screen shows the same numbers`, async () => {
    const ed = await signedInAs(server.url, 'editor');
    const k = server.db.kysely;
    const now = Date.now();
    const old = new Date(now - (RAW_DAYS + 5) * 86_400_000).toISOString().slice(0, 10);
    const rows = Array.from({ length: 40 }, (_, i) => ({
      view_id: `old-${i}-abcdefgh`,
      subject_type: 'popup',
      subject_id: 51,
      variant: i % 2 ? 'B' : 'A',
      event: i < 30 ? 'impression' : 'click',
      store_id: 1001,
      audience: 'anonymous',
      day: old,
      created_at: now - (RAW_DAYS + 5) * 86_400_000,
    }));
    await k.insertInto('content_events').values(rows).execute();
    const read = async () => (await ed.get<Perf & { days: unknown[] }>(`${PERF}?from=${old}&to=${old}`)).body;
    const before = await read();
    await rollUpContentEvents(k, now);
    expect(await k.selectFrom('content_events').select('id').where('day', '=', old).execute()).toEqual([]);
    expect((await k.selectFrom('content_event_days').select('day').execute()).length).toBeGreaterThan(0);
    const after = await read();
    expect(after.days).toEqual(before.days);
    expect(after.variants).toEqual(before.variants);
  });
});
