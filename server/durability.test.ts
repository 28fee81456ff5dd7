import { afterAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from './testing/databases';
import { signedInAs, spawnServerProcess } from './testing/harness';
import { openSlot } from './testing/pickup';

// The server killed with SIGKILL in the middle of cart and order writes: after a restart every write that
// was acknowledged (answered 2xx) is there. SQLite in WAL mode, PostgreSQL in the second pass.

let cleanup: (() => Promise<void>) | undefined;
afterAll(async () => cleanup?.());

describe('durability', () => {
  it('keeps every acknowledged cart and order write across a SIGKILL', async () => {
    const clone = await cloneTemplate(inject('templateDb'));
    await clone.db.close();
    cleanup = clone.dispose;
    const database = { databaseUrl: clone.databaseUrl, sqlitePath: clone.sqlitePath };
    const first = await spawnServerProcess(database);

    const carts = await signedInAs(first.url, 'casey');
    const orders = await signedInAs(first.url, 'jordan');

    const ackedLines = new Map<number, number>(); // product → acknowledged quantity
    const ackedOrders: number[] = [];
    let killed = false;
    // The kill lands while writes are in flight: four cart writers and an order writer run at once, and the
    // 120th acknowledgement pulls the plug while the others still wait for their answers.
    let inFlight = 0;
    let inFlightAtKill = 0;
    const write = async <T>(request: () => Promise<T>): Promise<T | null> => {
      inFlight++;
      try {
        return await request().catch(() => null);
      } finally {
        inFlight--;
      }
    };
    const kill = () => {
      if (killed) return;
      killed = true;
      inFlightAtKill = inFlight;
      first.child.kill('SIGKILL');
    };

    const cartWriter = async (writer: number) => {
      for (let i = 0; i < 75 && !killed; i++) {
        const productId = 5000 + writer * 75 + i;
        const r = await write(() =>
          carts.json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: productId, quantity: 1 }] } }),
        );
        if (r?.status !== 200) continue;
        ackedLines.set(productId, (ackedLines.get(productId) ?? 0) + 1);
        if (ackedLines.size >= 120) kill();
      }
    };
    const orderWriter = (async () => {
      while (!killed) {
        const add = await write(() =>
          orders.json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5010, quantity: 2 }] } }),
        );
        if (add?.status !== 200) continue;
        const slotId = await openSlot(orders, 1006).catch(() => null);
        if (slotId === null) continue;
        const r = await write(() =>
          orders.json<{ id: number }>('/api/shop/v1/orders', { method: 'POST', body: { store_id: 1006, slot_id: slotId } }),
        );
        if (r?.status === 201) ackedOrders.push(r.body.id);
      }
    })();
    await Promise.all([0, 1, 2, 3].map(cartWriter).concat(orderWriter));
    if (first.child.exitCode === null && first.child.signalCode === null) await new Promise((r) => first.child.once('exit', r));
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(ackedLines.size).toBeGreaterThanOrEqual(120);
    expect(ackedOrders.length).toBeGreaterThan(0);
    console.log(
      `durability: ${ackedLines.size} cart lines and ${ackedOrders.length} orders acknowledged, ${inFlightAtKill} writes in flight at SIGKILL`,
    );

    const second = await spawnServerProcess(database);
    try {
      const after = await signedInAs(second.url, 'casey');
      const cart = await after.json<{ lines: Array<{ product_id: number; quantity: number }> }>('/api/shop/v1/cart', {
        headers: { 'x-wp-nonce': after.nonce },
      });
      const have = new Map(cart.body.lines.map((l) => [l.product_id, l.quantity]));
      const lost = [...ackedLines].filter(([p, q]) => (have.get(p) ?? 0) < q);
      expect(lost).toEqual([]);

      const jordan = await signedInAs(second.url, 'jordan');
      const list = await jordan.get<{ items: Array<{ id: number }> }>('/api/shop/v1/orders');
      const ids = new Set(list.body.items.map((o) => o.id));
      expect(ackedOrders.filter((id) => !ids.has(id))).toEqual([]);
    } finally {
      await second.close();
    }
  }, 300_000); // a limit for a loaded machine: two server starts and a write storm
});
