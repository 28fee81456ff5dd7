import { useEffect, useRef, useState } from 'react';
import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { holdExpiryLabel, holdWindowLabel, PICKUP_HOLD_EVENT, pickupHoldOf, type PickupHold } from '../../core/shop/pickup-hold';
import { useLoad } from './use-load';

// The pickup window an order from the cart gets, and what the cart says of it. The shopper holds one window at a
// time, and another tab, the hold's end or a store change can change it while the cart is open: the cart follows
// (the header announces every change on the page, core/shop/header-pickup.ts), says the change in words, and the
// order is placed for the window the cart shows, never for another one the server holds (docs/shop.md, "Pickup
// windows").

interface Followed {
  /** The window shown: the hold, or the one whose hold ended (still booked if it has room). */
  hold: PickupHold | null;
  live: boolean;
  note: string | null;
}

/** What the cart shows after a hold event: `mine` is the window this cart's picker asked for last. */
function follow(was: Followed | null, hold: PickupHold | null, storeId: number, mine: number | null): Followed {
  if (hold && hold.slot.store_id === storeId) {
    const elsewhere = hold.slot.id !== was?.hold?.slot.id && hold.slot.id !== mine;
    return {
      hold,
      live: true,
      note: elsewhere ? `Your pickup window is now ${holdWindowLabel(hold)}: it was changed in another tab.` : null,
    };
  }
  if (!was?.hold || !was.live) return was ?? { hold: null, live: false, note: null };
  if (hold) return { hold: null, live: false, note: `Your hold on ${holdWindowLabel(was.hold)} was released: choose a window here.` };
  return {
    ...was,
    live: false,
    note: `Your hold on ${holdWindowLabel(was.hold)} has ended. The order still gets that window if it has room when you place it.`,
  };
}

export interface OrderWindow {
  /** The window the order is placed for (none: the shopper must choose). */
  slotId: number | null;
  /** The cart's picker chose a window (null: it put the last choice back). */
  choose: (slotId: number | null) => void;
  summary: string | null;
  note: string | null;
}

/** The window in words, and a change to it, in a live region under the picker. */
export function OrderWindowSaid({ window: w }: { window: OrderWindow }) {
  return (
    <p className="pickup-form__window" role="status">
      {w.note ? `${w.note} ` : ''}
      {w.summary}
    </p>
  );
}

export function useOrderWindow(storeId: number | null): OrderWindow {
  const load = useLoad(storeId ? 'order-window-hold' : null, () => api(shop.pickupHold));
  const [followed, setFollowed] = useState<Followed | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const mine = useRef<number | null>(null);
  const loaded = load.data?.hold && load.data.hold.slot.store_id === storeId ? load.data.hold : null;
  const current: Followed = followed ?? { hold: loaded, live: !!loaded, note: null };
  useEffect(() => {
    if (storeId === null) return;
    const onHold = (e: Event) => {
      const hold = pickupHoldOf(e);
      // A window changed elsewhere replaces this cart's own choice: the order follows what the cart shows.
      if (hold?.slot.id !== mine.current) setChoice(null);
      setFollowed((was) => follow(was ?? { hold: loaded, live: !!loaded, note: null }, hold, storeId, mine.current));
    };
    window.addEventListener(PICKUP_HOLD_EVENT, onHold);
    return () => window.removeEventListener(PICKUP_HOLD_EVENT, onHold);
  }, [storeId, loaded]);
  const slotId = choice ?? current.hold?.slot.id ?? null;
  // Said only when it names the window the order gets (not while a new choice's hold is on its way).
  const shown = current.hold && current.hold.slot.id === slotId ? current.hold : null;
  return {
    slotId,
    choose: (id) => {
      mine.current = id;
      setChoice(id);
    },
    summary: shown ? `Your pickup window: ${holdWindowLabel(shown)}, ${current.live ? holdExpiryLabel(shown) : 'no longer held'}.` : null,
    note: current.note,
  };
}
