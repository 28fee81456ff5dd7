import { api } from '../api/client';
import { pickupHold } from '../api/shop';
import { Handler } from '../handlers/base';
import {
  holdExpiryLabel,
  holdWindowLabel,
  PICKUP_HOLD_CHANNEL,
  PICKUP_HOLD_EVENT,
  pickupHoldEvent,
  pickupHoldOf,
  type PickupHold,
} from './pickup-hold';

// The held pickup window in the site header on every page: "Pickup: Sat, Nov 28, 2–3 PM, held until 6:47 PM", or
// "Choose a time" linking to the shop's picker (#!/pickup). It loads the hold once the browser is idle, then
// follows the 'pickup:hold' event the shop's picker dispatches, and goes back to "Choose a time" when the hold
// ends (announcing that on the page, so the cart says it too). Plain DOM, like the header cart.
//
// One hold per shopper, many tabs: a hold made in one tab is passed to the shopper's other tabs (a broadcast
// channel), and a tab coming back into view asks the server again (another browser, a device), so no tab goes on
// showing, or ordering for, a window the shopper has since changed (docs/shop.md, "Pickup windows").

const HOLD_LOAD_TIMEOUT_MS = 600;

const sameHold = (a: PickupHold | null, b: PickupHold | null): boolean =>
  a === b || (!!a && !!b && a.slot.id === b.slot.id && a.expires_at === b.expires_at);

export default class HeaderPickup extends Handler {
  private shown = false;
  private hold: PickupHold | null = null;
  private expiry = 0;
  /** Events this header dispatched itself (from another tab, the server, an expiry): not passed on again. */
  private readonly relayed = new WeakSet<Event>();

  override connect(): void {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(PICKUP_HOLD_CHANNEL) : null;
    if (channel) {
      channel.onmessage = (m: MessageEvent<PickupHold | null>) => this.announce(m.data ?? null);
      this.onCleanup(() => channel.close());
    }
    this.listen(window, PICKUP_HOLD_EVENT, (e) => {
      this.show(pickupHoldOf(e));
      if (!this.relayed.has(e)) channel?.postMessage(pickupHoldOf(e));
    });
    this.whenIdle(() => this.read(false), HOLD_LOAD_TIMEOUT_MS);
    this.listen(document, 'visibilitychange', () => document.visibilityState === 'visible' && this.read(true));
  }

  /** The server's hold: shown at first, announced on the page when it changed while the tab was away. */
  private read(again: boolean): void {
    void api(pickupHold).then(
      ({ hold }) => {
        if (!again) return this.shown || this.show(hold);
        if (!sameHold(hold, this.hold)) this.announce(hold);
      },
      () => undefined, // the link to the picker still works
    );
  }

  /** Tells the page (the shop's cart and picker too) of a hold change this tab did not make. */
  private announce(hold: PickupHold | null): void {
    // Marked before it is dispatched: the listener above runs during the dispatch (else two tabs pass it back and forth).
    const event = pickupHoldEvent(hold);
    this.relayed.add(event);
    window.dispatchEvent(event);
  }

  private show(hold: PickupHold | null): void {
    this.shown = true;
    this.hold = hold;
    const when = this.element.querySelector<HTMLElement>('.header-pickup__when');
    const until = this.element.querySelector<HTMLElement>('.header-pickup__until');
    if (when) when.textContent = hold ? holdWindowLabel(hold) : 'Choose a time';
    if (until) until.textContent = hold ? `, ${holdExpiryLabel(hold)}` : '';
    this.element.classList.toggle('is-held', !!hold);
    window.clearTimeout(this.expiry);
    if (hold) this.expiry = this.setTimer(() => this.announce(null), Math.max(0, hold.expires_at - Date.now()));
  }
}
