import type { PickupHold } from '../wire/pickup';

// The shopper's held pickup window as the header and the shop show it, and the window event that announces a new
// hold (or none) to the header on the same page.

export const PICKUP_HOLD_EVENT = 'pickup:hold';

/** The broadcast channel the header passes a tab's hold changes on to the shopper's other tabs (core/shop/header-pickup.ts). */
export const PICKUP_HOLD_CHANNEL = 'pickup-hold';

export type { PickupHold };

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

/** "held until 6:47 PM": when the hold ends, on the clock of the window's store. */
export function holdExpiryLabel(hold: PickupHold): string {
  const time = new Date(hold.expires_at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: hold.slot.time_zone });
  return `held until ${time}`;
}

/** The event that announces the shopper's hold (or none) on the page. */
export const pickupHoldEvent = (hold: PickupHold | null): Event => new CustomEvent<PickupHold | null>(PICKUP_HOLD_EVENT, { detail: hold });

/** The shopper made or moved a hold on this page: the header shows it and passes it on to their other tabs. */
export function dispatchPickupHold(hold: PickupHold | null): void {
  window.dispatchEvent(pickupHoldEvent(hold));
}

export const pickupHoldOf = (e: Event): PickupHold | null => (e as CustomEvent<PickupHold | null>).detail ?? null;
