import { describe, expect, it, vi } from 'vitest';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

// The content screen's API: targeting checked against real stores, schedule windows applied on read by the
// same service the content REST calls (and the server render) use, messages next to the field.

const server = useTestServer();

const API = '/wp-json/site/v1/content-blocks';
type Json = { code: string; message: string; data: { status: number; params?: Record<string, string> } };
interface Block {
  id: number;
  html: string;
  live: boolean;
}

const count = async () =>
  Number(
    (
      await server.db.kysely
        .selectFrom('content_blocks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const banner = async (storeId: number) =>
  (await new Client(server.url).json<{ html: string }>(`/wp-json/freshop/v1/content/site-banner?store_id=${storeId}`)).body.html;

describe('content blocks screen API', () => {
  it.each([
    [{ kind: 'site-banner', html: '<p>x</p>', starts_at: 2_000_000, ends_at: 1_000_000 }, 'ends_at', 'The end must be after the start.'],
    [{ kind: 'site-banner', html: '<p>x</p>', store_ids: [1001, 424242] }, 'store_ids', 'Unknown store id: 424242.'],
    [{ kind: 'site-banner', html: '<p>x</p>', store_group_ids: [777] }, 'store_group_ids', 'Unknown store group id: 777.'],
    [{ kind: 'site-banner' }, 'html', 'Enter the content.'],
    [{ kind: 'footer', html: '<p>x</p>' }, 'kind', 'must be one of site-banner, slider, cta, personalized-content'],
  ])('refuses %j with 400 and the message on %s; nothing is written', async (body, field, message) => {
    const ed = await signedInAs(server.url, 'editor');
    const before = await count();
    const r = await ed.json<Json>(API, { method: 'POST', body });
    expect(r.status).toBe(400);
    expect(r.body.data.params?.[field]).toBe(message);
    expect(await count()).toBe(before);
  });

  it('a banner scheduled ahead appears by itself for the targeted store only, and goes at its end', async () => {
    const ed = await signedInAs(server.url, 'editor');
    // Windows a minute wide, crossed by moving the server's clock (it runs in this process): a loaded machine
    // can take longer than a second or two between two requests, so real seconds would decide the result.
    const startsAt = Date.now() + 60_000;
    const endsAt = startsAt + 60_000;
    const created = await ed.json<Block>(API, {
      method: 'POST',
      body: {
        kind: 'site-banner',
        title: 'Flash sale',
        html: '<p>Flash sale at Columbus East</p>',
        store_ids: [1002],
        priority: 50,
        starts_at: startsAt,
        ends_at: endsAt,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.live).toBe(false);
    expect(await banner(1002)).not.toContain('Flash sale');
    const preview = await ed.get<{ block_id: number }>(`${API}/preview?kind=site-banner&store_id=1002&at=${startsAt + 10}`);
    expect(preview.body.block_id).toBe(created.body.id);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(startsAt + 10);
      // Polls: a content answer is kept CONTENT_CACHE_MS of real time.
      await expect.poll(() => banner(1002)).toContain('Flash sale');
      expect(await banner(1001)).not.toContain('Flash sale');
      vi.setSystemTime(endsAt + 10);
      await expect.poll(() => banner(1002)).not.toContain('Flash sale');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists, updates and deletes; customers are refused', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const created = await ed.json<Block>(API, { method: 'POST', body: { kind: 'cta', slug: 'spring', html: '<p>Spring</p>' } });
    const updated = await ed.json<Block>(`${API}/${created.body.id}`, {
      method: 'PUT',
      body: { kind: 'cta', slug: 'spring', html: '<p>Spring <script>x()</script>greens</p>' },
    });
    expect(updated.body.html).toBe('<p>Spring greens</p>');
    expect((await ed.get<{ items: Block[] }>(API)).body.items.some((b) => b.id === created.body.id)).toBe(true);
    expect((await ed.json(`${API}/${created.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await ed.get(`${API}/${created.body.id}`)).status).toBe(404);

    const customer = await signedInAs(server.url, 'casey');
    expect((await customer.get(API)).status).toBe(403);
    expect((await customer.json(API, { method: 'POST', body: { kind: 'cta', html: 'x' } })).status).toBe(403);
  });
});
