import type { Kysely, Transaction } from 'kysely';
import { CHANGE_CUTOFF_MINUTES, HOLD_MINUTES, PICKUP_WINDOWS, SLOT_CAPACITY, minutesUntil, windowLabel } from '../../core/shop/pickup';
import { refundAttempt, takeAttempt, type Limit } from './rate-limit';
import { meetsNotice } from '../../core/shop/checkout';
import { storeDay, storeDayEnds, storeNow } from '../../core/shop/store-day';
import type { PickupSlot } from '../../core/wire/pickup';
import { storeTimeZone } from './stores';
import type { Database } from '../db/schema';
import { errors } from '../errors';

// Pickup windows of a store with a capacity. Who occupies a window: its active orders and the unexpired holds
// of shoppers. Every write that adds an occupant bumps the window's row (a row lock on PostgreSQL, the write lock
// on SQLite) and then counts: parallel orders and holds for one window queue there, so capacity holds. An order
// does it last, after its own rows are written, so the row is held for two statements and the commit.

type Q = Kysely<Database> | Transaction<Database>;
export const ACTIVE_ORDER_STATES = ['placed', 'picking', 'ready'];

/**
 * New holds one address (an IPv6 /64) may start at one store in a store-local day. A visitor holds at most one
 * window (a new hold replaces theirs, and replacing is not counted), so this bounds how many places one address
 * can keep away from other shoppers with fresh cookies (docs/security.md).
 */
export const HOLDS_PER_ADDRESS: Limit = { max: 3, windowMs: 24 * 60 * 60 * 1000 };

/** Whether a window can still be booked: its change cut-off (CHANGE_CUTOFF_MINUTES before it starts) is ahead. */
const bookable = (slot: { day: string; start_time: string }, local: { day: string; minute: number }): boolean =>
  minutesUntil(slot, local) > CHANGE_CUTOFF_MINUTES;

/** The store's windows of a day, created on first look (idempotent, so parallel first looks agree). */
export async function ensureSlots(db: Q, storeId: number, day: string): Promise<void> {
  await db
    .insertInto('pickup_slots')
    .values(
      PICKUP_WINDOWS.map(([start, end]) => ({
        store_id: storeId,
        day,
        start_time: start,
        end_time: end,
        capacity: SLOT_CAPACITY,
        version: 0,
      })),
    )
    .onConflict((oc) => oc.columns(['store_id', 'day', 'start_time']).doNothing())
    .execute();
}

async function occupancy(db: Q, slotIds: number[], exceptHolder: string | null, now: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (slotIds.length === 0) return out;
  // Its orders and the other shoppers' holds in one statement: inside an order's transaction each is a round trip
  // (docs/performance.md, "Catalogue imports").
  const rows = await db
    .selectFrom('orders')
    .select(['slot_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('slot_id', 'in', slotIds)
    .where('status', 'in', ACTIVE_ORDER_STATES)
    .groupBy('slot_id')
    .unionAll(
      db
        .selectFrom('slot_holds')
        .select(['slot_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('slot_id', 'in', slotIds)
        .where('expires_at', '>', now)
        .where('holder', '!=', exceptHolder ?? '')
        .groupBy('slot_id'),
    )
    .execute();
  for (const r of rows) if (r.slot_id !== null) out.set(r.slot_id, (out.get(r.slot_id) ?? 0) + Number(r.n));
  return out;
}

/** The store's bookable windows of a day; with `noticeHours`, only those starting at least that long from now. */
export async function listSlots(
  db: Kysely<Database>,
  storeId: number,
  day: string,
  holder: string | null,
  noticeHours = 0,
): Promise<PickupSlot[]> {
  await ensureSlots(db, storeId, day);
  const now = Date.now();
  const zone = await storeTimeZone(db, storeId);
  const local = storeNow(new Date(now), zone);
  const slots = await db
    .selectFrom('pickup_slots')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('day', '=', day)
    .orderBy('start_time')
    .execute();
  const used = await occupancy(
    db,
    slots.map((s) => s.id),
    holder,
    now,
  );
  const mine = holder
    ? await db.selectFrom('slot_holds').select('slot_id').where('holder', '=', holder).where('expires_at', '>', now).executeTakeFirst()
    : undefined;
  return slots
    .filter((s) => bookable(s, local) && meetsNotice(s, local, noticeHours))
    .map((s) => ({
      id: s.id,
      store_id: s.store_id,
      date: s.day,
      start: s.start_time,
      end: s.end_time,
      label: windowLabel(s.start_time, s.end_time),
      capacity: s.capacity,
      remaining: Math.max(0, s.capacity - (used.get(s.id) ?? 0)),
      held_by_me: mine?.slot_id === s.id,
      time_zone: zone,
    }));
}

export type SlotRow = Awaited<ReturnType<typeof lockSlot>>;
type SlotTimes = { day: string; start_time: string };

/** Refuses a window that has started or is past its change cut-off, by the store's clock (a window's times never change). */
export function refuseClosedSlot(slot: SlotTimes, zone: string, now = Date.now()): void {
  const local = storeNow(new Date(now), zone);
  // Each refusal names the window field, so the picker shows it next to the windows (a hold, or an order).
  const refuse = (message: string) => errors.invalidParam(message, { slot_id: message });
  if (minutesUntil(slot, local) <= 0) throw refuse('That pickup window has already started. Choose a later one.');
  if (!bookable(slot, local))
    throw refuse(`That pickup window starts within ${CHANGE_CUTOFF_MINUTES / 60} hours, too late to change an order. Choose a later one.`);
}

const SLOT_FULL = 'That pickup window is full. Choose another one.';
export const slotFull = () => errors.invalidParam(SLOT_FULL, { slot_id: SLOT_FULL });

/**
 * Locks a window's row until the transaction ends and counts its occupants (the hold of `holder` aside), in two
 * statements: whoever changes a window's occupants next waits here, so capacity holds. Call it last in a
 * transaction, after its other writes: the row stays locked until the commit, and every order and hold of the
 * window waits for it meanwhile (on PostgreSQL an order that took it first and then wrote its lines held the whole
 * window's queue for a dozen round trips; on a busy server's thread that was seconds, and the pool emptied).
 */
export async function lockSlotCount(tx: Transaction<Database>, slotId: number, holder: string | null) {
  const slot = await tx
    .updateTable('pickup_slots')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', slotId)
    .returningAll()
    .executeTakeFirst();
  if (!slot) throw errors.missing('Pickup window');
  const used = (await occupancy(tx, [slotId], holder, Date.now())).get(slotId) ?? 0;
  return { slot, used };
}

/** Locks a window for a change of its occupants and checks it can take one more (the hold of `holder` aside). */
export async function lockSlot(tx: Transaction<Database>, slotId: number, holder: string | null) {
  const { slot, used } = await lockSlotCount(tx, slotId, holder);
  refuseClosedSlot(slot, await storeTimeZone(tx, slot.store_id));
  if (used >= slot.capacity) throw slotFull();
  return slot;
}

/**
 * Holds a window for the visitor (replacing their other hold) for HOLD_MINUTES. A visitor without a hold at the
 * window's store starts a new one, counted per `address` (HOLDS_PER_ADDRESS): past it, 429.
 */
export async function holdSlot(
  db: Kysely<Database>,
  slotId: number,
  holder: string,
  address: string,
): Promise<{ slot: PickupSlot; expires_at: number }> {
  const now = Date.now();
  const target = await db.selectFrom('pickup_slots').select('store_id').where('id', '=', slotId).executeTakeFirst();
  if (!target) throw errors.missing('Pickup window');
  // A visitor who held a window of this store in the last day (even one that expired since) is moving their own.
  const heldHere = await db
    .selectFrom('slot_holds')
    .innerJoin('pickup_slots', 'pickup_slots.id', 'slot_holds.slot_id')
    .select('slot_holds.id')
    .where('slot_holds.holder', '=', holder)
    .where('slot_holds.expires_at', '>', now - HOLDS_PER_ADDRESS.windowMs)
    .where('pickup_slots.store_id', '=', target.store_id)
    .executeTakeFirst();
  // An account that ordered here in the last day (the order used up its hold) is choosing the window of its next
  // order, not hoarding: a shopper's second order of the day is not refused for the other visitors at its address.
  const account = holder.startsWith('u:') ? Number(holder.slice(2)) : null;
  const orderedHere =
    !heldHere &&
    account !== null &&
    (await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', account)
      .where('store_id', '=', target.store_id)
      .where('created_at', '>', now - HOLDS_PER_ADDRESS.windowMs)
      .executeTakeFirst()) !== undefined;
  const zone = await storeTimeZone(db, target.store_id);
  const counter = heldHere || orderedHere ? null : `hold:${address}|${target.store_id}|${storeDay(new Date(now), zone)}`;
  if (counter && !(await takeAttempt(db, counter, HOLDS_PER_ADDRESS, now))) throw errors.tooMany(secondsToMidnight(now, zone));
  const expires = now + HOLD_MINUTES * 60_000;
  let storeAndDay: SlotRow;
  try {
    storeAndDay = await db.transaction().execute(async (tx) => {
      const slot = await lockSlot(tx, slotId, holder);
      // One row per visitor (unique holder): an upsert, so two tabs holding at once leave one hold, not an error.
      await tx
        .insertInto('slot_holds')
        .values({ slot_id: slotId, holder, expires_at: expires })
        .onConflict((oc) => oc.column('holder').doUpdateSet({ slot_id: slotId, expires_at: expires }))
        .execute();
      return slot;
    });
  } catch (error) {
    // A hold that was not made (the window filled up, or starts too soon) does not use up the address's share.
    if (counter) await refundAttempt(db, counter);
    throw error;
  }
  const slots = await listSlots(db, storeAndDay.store_id, storeAndDay.day, holder);
  const slot = slots.find((s) => s.id === slotId);
  if (!slot) throw errors.missing('Pickup window');
  return { slot, expires_at: expires };
}

/** Seconds until the store-local day ends (when a refused address may hold again; 23 or 25 hours on a DST day). */
function secondsToMidnight(now: number, zone: string): number {
  return Math.max(60, Math.ceil((storeDayEnds(now, zone) - now) / 1000));
}

/** Who a hold belongs to: the account when signed in, else the session (null: neither yet). */
export const holderOf = (visitor: { user: { id: number } | null; sessionId: string | null }): string | null =>
  visitor.user ? `u:${visitor.user.id}` : visitor.sessionId ? `s:${visitor.sessionId}` : null;

/**
 * The one rule for a change of store, whichever way it was made (the store chooser, a store page's "Shop this store",
 * the store layer, a page that needs another store, signing in to an account with its own store): the visitor's hold
 * is kept only at their current store or their own shopping store (while on its wine or catering store); a hold at
 * any other store is let go, so its place goes back to other shoppers. Answers whether a hold was let go.
 */
export async function keepHoldAtVisitorStores(db: Kysely<Database>, sessionId: string, userId: number | null): Promise<boolean> {
  const session = await db.selectFrom('sessions').select(['store_id', 'shopping_store_id']).where('id', '=', sessionId).executeTakeFirst();
  // No store chosen yet: the shop shows the default store, where the hold was made; nothing changed.
  if (!session || session.store_id === null) return false;
  let shopping = session.shopping_store_id;
  if (shopping === null && userId !== null)
    shopping =
      (await db.selectFrom('users').select('shopping_store_id').where('id', '=', userId).executeTakeFirst())?.shopping_store_id ?? null;
  const keep = [session.store_id, ...(shopping === null ? [] : [shopping])];
  const holder = holderOf({ user: userId === null ? null : { id: userId }, sessionId })!;
  const released = await db
    .deleteFrom('slot_holds')
    .where('holder', '=', holder)
    .where('slot_id', 'not in', db.selectFrom('pickup_slots').select('id').where('store_id', 'in', keep))
    .executeTakeFirst();
  return Number(released.numDeletedRows) > 0;
}

/** At sign-in the hold made signed out becomes the account's (it replaces an older one), so it keeps its place. */
export async function moveHoldToAccount(db: Kysely<Database>, sessionId: string | null, userId: number): Promise<void> {
  if (!sessionId) return;
  await db.transaction().execute(async (tx) => {
    const hold = await tx
      .selectFrom('slot_holds')
      .select('id')
      .where('holder', '=', `s:${sessionId}`)
      .where('expires_at', '>', Date.now())
      .executeTakeFirst();
    if (!hold) return;
    await tx.deleteFrom('slot_holds').where('holder', '=', `u:${userId}`).execute();
    await tx
      .updateTable('slot_holds')
      .set({ holder: `u:${userId}` })
      .where('id', '=', hold.id)
      .execute();
  });
}

/** The visitor's unexpired hold with its window, or null. */
export async function currentHold(db: Kysely<Database>, holder: string): Promise<{ slot: PickupSlot; expires_at: number } | null> {
  const hold = await db
    .selectFrom('slot_holds')
    .selectAll()
    .where('holder', '=', holder)
    .where('expires_at', '>', Date.now())
    .executeTakeFirst();
  if (!hold) return null;
  const slot = await db.selectFrom('pickup_slots').select(['store_id', 'day']).where('id', '=', hold.slot_id).executeTakeFirst();
  if (!slot) return null;
  const found = (await listSlots(db, slot.store_id, slot.day, holder)).find((s) => s.id === hold.slot_id);
  return found ? { slot: found, expires_at: Number(hold.expires_at) } : null;
}
