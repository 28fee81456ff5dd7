import { describe, expect, it } from 'vitest';
import { useTestServer, visitorAt } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';

// A pickup window held signed out is the new account's after signing up (issue 33 item 8): the same place, not a
// lost session hold that still uses capacity beside nothing for the account. On the database of the run (SQLite,
// or PostgreSQL under scripts/with-postgres.mjs).

const server = useTestServer();

interface Hold {
  hold: { slot: { id: number; date: string; held_by_me: boolean }; expires_at: number } | null;
}

describe('a hold made signed out, then sign-up', () => {
  it('moves to the account: one place used, held by the account, the session holds nothing', async () => {
    const c = await visitorAt(server.url, '/contact');
    const slotId = await openSlot(c, 1002, '15:00', 3);
    await server.db.kysely.updateTable('pickup_slots').set({ capacity: 2 }).where('id', '=', slotId).execute();
    const held = await c.json<Hold>('/api/shop/v1/pickup-hold', { method: 'PUT', body: { slot_id: slotId } });
    expect(held.status).toBe(200);
    const sessionHolder = (await server.db.kysely.selectFrom('slot_holds').select('holder').where('slot_id', '=', slotId).execute()).map(
      (h) => h.holder,
    );
    expect(sessionHolder).toHaveLength(1);
    expect(sessionHolder[0]).toMatch(/^s:/);

    const email = `carry-${Math.random().toString(36).slice(2)}@example.test`;
    const signUp = await c.json<{ nonce: string }>('/api/shop/v1/account', {
      method: 'POST',
      body: { name: 'Carry Over', email, password: 'carry-over-password' },
    });
    expect(signUp.status).toBe(201);
    c.nonce = signUp.body.nonce;

    const mine = await c.get<Hold>('/api/shop/v1/pickup-hold');
    expect(mine.body.hold?.slot).toMatchObject({ id: slotId, held_by_me: true });
    expect(mine.body.hold?.expires_at).toBe(held.body.hold?.expires_at);
    const holders = await server.db.kysely.selectFrom('slot_holds').select('holder').where('slot_id', '=', slotId).execute();
    expect(holders.map((h) => h.holder)).toEqual([expect.stringMatching(/^u:\d+$/)]);
    // Another shopper sees one place left of two.
    const other = await visitorAt(server.url, '/contact');
    const listed = await other.get<{ items: Array<{ id: number; remaining: number }> }>(
      `/api/shop/v1/stores/1002/pickup-slots?date=${mine.body.hold!.slot.date}`,
    );
    expect(listed.body.items.find((s) => s.id === slotId)?.remaining).toBe(1);
  });
});
