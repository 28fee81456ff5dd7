import { STORE_TIME_ZONE } from '../store-layer/hours';

// The shopper's held pickup window as the header and the shop show it, and the window event that announces a new
// hold (or none) to the header on the same page.

export const PICKUP_HOLD_EVENT = 'pickup:hold';

export interface PickupSlot {
  id: number;
  store_id: number;
  date: string;
  start: string;
  end: string;
  label: string;
  capacity: number;
  remaining: number;
  held_by_me: boolean;
}

/** GET/PUT /api/shop/v1/pickup-hold: the held window and when the hold ends (ms since the epoch). */
export interface PickupHold {
  slot: PickupSlot;
  expires_at: number;
}

/** "Sat, Nov 28, 2–3 PM": the window's day and times. */
export function holdWindowLabel(hold: PickupHold): string {
  const day = new Date(`${hold.slot.date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `${day}, ${hold.slot.label}`;
}

/** "held until 6:47 PM": when the hold ends, on the stores' clock. */
export function holdExpiryLabel(hold: PickupHold): string {
  const time = new Date(hold.expires_at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: STORE_TIME_ZONE });
  return `held until ${time}`;
}

export function dispatchPickupHold(hold: PickupHold | null): void {
  window.dispatchEvent(new CustomEvent<PickupHold | null>(PICKUP_HOLD_EVENT, { detail: hold }));
}

export const pickupHoldOf = (e: Event): PickupHold | null => (e as CustomEvent<PickupHold | null>).detail ?? null;
