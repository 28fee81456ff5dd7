import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

// The editor's product picker (docs/editor.md, "Product picker"): active products by name or brand, the chosen
// ones named by id in the order asked; editors only; bad input is a 400 naming the field. Both databases.

const server = useTestServer();
const URL_ = '/wp-json/site/v1/editor/product-choices';
type Choice = { id: number; name: string; brand: string; size: string; active: boolean };
type Problem = { code: string; message: string; data: { status: number; params?: Record<string, string> } };

describe('product choices for the picker', () => {
  it('finds active products by part of their name, and names chosen ids in order (inactive ones marked)', async () => {
    const db = server.db.kysely;
    const eddie = await signedInAs(server.url, 'editor');
    const [a, b] = await db.selectFrom('products').select(['id', 'name']).where('active', '=', 1).orderBy('id').limit(2).execute();
    const word = a.name.split(' ').find((x) => x.length >= 4) ?? a.name;
    const found = await eddie.get<{ items: Choice[] }>(`${URL_}?q=${encodeURIComponent(word.toLowerCase())}`);
    expect(found.status).toBe(200);
    expect(found.body.items.length).toBeGreaterThan(0);
    expect(found.body.items.length).toBeLessThanOrEqual(10);
    expect(
      found.body.items.every(
        (c) => (c.active && c.name.toLowerCase().includes(word.toLowerCase())) || c.brand.toLowerCase().includes(word.toLowerCase()),
      ),
    ).toBe(true);
    expect(found.body.items.map((c) => c.id)).toContain(a.id);

    await db.updateTable('products').set({ active: 0 }).where('id', '=', b.id).execute();
    try {
      const named = await eddie.get<{ items: Choice[] }>(`${URL_}?ids=${b.id},${a.id},999999999`);
      expect(named.body.items.map((c) => [c.id, c.active])).toEqual([
        [b.id, false],
        [a.id, true],
      ]);
      // An inactive product is never offered.
      const inactive = await eddie.get<{ items: Choice[] }>(`${URL_}?q=${encodeURIComponent(b.name)}`);
      expect(inactive.body.items.map((c) => c.id)).not.toContain(b.id);
    } finally {
      await db.updateTable('products').set({ active: 1 }).where('id', '=', b.id).execute();
    }
  });

  it('is for editors only, and says which field is wrong', async () => {
    expect((await new Client(server.url).get(`${URL_}?q=milk`)).status).toBe(403);
    const eddie = await signedInAs(server.url, 'editor');
    const badIds = await eddie.get<Problem>(`${URL_}?ids=1,x`);
    expect(badIds.status).toBe(400);
    expect(Object.keys(badIds.body.data.params ?? {})[0]).toMatch(/^ids/);
    const nothing = await eddie.get<Problem>(URL_);
    expect(nothing.status).toBe(400);
    expect(nothing.body.data.params).toEqual({ q: 'Type part of a product name.' });
    expect((await eddie.get<Problem>(`${URL_}?q=${'a'.repeat(101)}`)).status).toBe(400);
  });
});
