import { api } from '../api/client';
import { pickupHold } from '../api/shop';
import { Handler } from '../handlers/base';
import { holdExpiryLabel, holdWindowLabel, PICKUP_HOLD_EVENT, pickupHoldOf, type PickupHold } from './pickup-hold';

// The held pickup window in the site header on every page: "Pickup: Sat, Nov 28, 2–3 PM, held until 6:47 PM", or
// "Choose a time" linking to the shop's picker (#!/pickup). It loads the hold once the browser is idle, then
// follows the 'pickup:hold' event the shop's picker dispatches, and goes back to "Choose a time" when the hold
// ends. Plain DOM, like the header cart.

const HOLD_LOAD_TIMEOUT_MS = 600;

export default class HeaderPickup extends Handler {
  private shown = false;
  private expiry = 0;

  override connect(): void {
    this.listen(window, PICKUP_HOLD_EVENT, (e) => this.show(pickupHoldOf(e)));
    this.whenIdle(
      () =>
        void api(pickupHold).then(
          ({ hold }) => this.shown || this.show(hold),
          () => undefined, // the link to the picker still works
        ),
      HOLD_LOAD_TIMEOUT_MS,
    );
  }

  private show(hold: PickupHold | null): void {
    this.shown = true;
    const when = this.element.querySelector<HTMLElement>('.header-pickup__when');
    const until = this.element.querySelector<HTMLElement>('.header-pickup__until');
    if (when) when.textContent = hold ? holdWindowLabel(hold) : 'Choose a time';
    if (until) until.textContent = hold ? `, ${holdExpiryLabel(hold)}` : '';
    this.element.classList.toggle('is-held', !!hold);
    window.clearTimeout(this.expiry);
    if (hold) this.expiry = this.setTimer(() => this.show(null), Math.max(0, hold.expires_at - Date.now()));
  }
}
