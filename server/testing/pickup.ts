import { expect } from 'vitest';
import type { Order } from '../../core/shop/api-types';
import { addDays, CHAIN_TIME_ZONE, storeDay } from '../../core/shop/store-day';
import type { Client } from './harness';

interface Slots {
  items: Array<{ id: number; start: string; remaining: number }>;
}

/** A pickup window of the store with room left, from tomorrow on (optionally starting at `start`, e.g. '10:00'). */
export async function openSlot(c: Client, storeId: number, start?: string, fromDay = 1): Promise<number> {
  for (let offset = fromDay; offset <= 14; offset++) {
    const date = addDays(storeDay(new Date(), CHAIN_TIME_ZONE), offset);
    const r = await c.json<Slots>(`/api/shop/v1/stores/${storeId}/pickup-slots?date=${date}`, { headers: { 'x-wp-nonce': c.nonce } });
    const slot = r.body.items?.find((s) => s.remaining > 0 && (!start || s.start === start));
    if (slot) return slot.id;
  }
  throw new Error(`no open pickup window at store ${storeId}`);
}

/** Orders the cart for the store's 10:00 pickup window two days on; the placed order (201). */
export async function placeOrder(c: Client, storeId: number): Promise<Order> {
  const r = await c.json<Order>('/api/shop/v1/orders', {
    method: 'POST',
    body: { store_id: storeId, slot_id: await openSlot(c, storeId, '10:00', 2) },
  });
  expect(r.status).toBe(201);
  return r.body;
}
