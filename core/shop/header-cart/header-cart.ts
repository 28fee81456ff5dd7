import { api } from '../../api/client';
import * as shop from '../../api/shop';
import { Handler } from '../../handlers/base';
import type { Cart } from '../api-types';
import { CART_CHANGE_EVENT, CART_LOAD_EVENT, cartChangeOf, type CartChange, type CartLineChange } from './events';
import { cartAnnouncement, estimateLabel, itemsLabel } from './summary';
import { money } from '../money';

// The cart in the site header on every page: the item count, and a mini-cart (lines, subtotal, go to cart)
// behind a disclosure button. It loads the cart once, then follows the window event 'cart:change' that the
// shop islands dispatch after every change, and announces each change in a polite live region. Plain DOM:
// pages without islands load no React for it.

/** The cart count loads by then at the latest, even on a page that is never idle. */
const CART_LOAD_TIMEOUT_MS = 300;

export default class HeaderCart extends Handler {
  private cart: Cart | null = null;
  private readonly onChange = (e: Event) => {
    const { cart, line } = cartChangeOf(e);
    this.show(cart, true, line);
  };
  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && this.panel && !this.panel.hidden) {
      this.toggle(false);
      this.button?.focus();
    }
  };
  private button: HTMLButtonElement | null = null;
  private panel: HTMLElement | null = null;
  private live: HTMLElement | null = null;

  override connect(): void {
    const el = this.element;
    this.button = el.querySelector<HTMLButtonElement>('.header-cart__toggle');
    this.panel = el.querySelector<HTMLElement>('.header-cart__panel');
    this.live = el.querySelector<HTMLElement>('.header-cart__live');
    this.button?.addEventListener('click', () => this.toggle(!!this.panel && this.panel.hidden !== false)); // or 'until-found'
    el.addEventListener('keydown', this.onKey);
    window.addEventListener(CART_CHANGE_EVENT, this.onChange);
    // Once the browser is idle (the count is not part of the first view, and starting a request costs the
    // boot a millisecond or two); a cart change before then shows at once and wins over the load.
    this.whenIdle(
      () =>
        void api(shop.cart).then(
          (cart) => {
            if (this.cart === null) this.show(cart, false);
            window.dispatchEvent(new CustomEvent<CartChange>(CART_LOAD_EVENT, { detail: { cart } }));
          },
          () => undefined, // the count stays empty; the link to the cart still works
        ),
      CART_LOAD_TIMEOUT_MS,
    );
  }

  override disconnect(): void {
    window.removeEventListener(CART_CHANGE_EVENT, this.onChange);
    this.element.removeEventListener('keydown', this.onKey);
    super.disconnect();
  }

  private toggle(open: boolean): void {
    if (!this.panel || !this.button) return;
    this.panel.hidden = !open;
    this.button.setAttribute('aria-expanded', String(open));
  }

  private show(cart: Cart, announce: boolean, line?: CartLineChange): void {
    const before = this.cart;
    this.cart = cart;
    const same =
      before !== null &&
      before.total_cents === cart.total_cents &&
      before.count === cart.count &&
      before.lines.length === cart.lines.length;
    const count = this.element.querySelector<HTMLElement>('.header-cart__count');
    if (count) count.textContent = String(cart.count);
    this.button?.setAttribute('aria-label', `Cart, ${itemsLabel(cart.count)}`);
    if (this.panel) this.renderPanel(this.panel, cart);
    if (announce && !same && this.live) this.live.textContent = cartAnnouncement(before, cart, line);
  }

  private renderPanel(panel: HTMLElement, cart: Cart): void {
    const doc = panel.ownerDocument;
    const list = doc.createElement('ul');
    list.className = 'header-cart__lines';
    for (const l of cart.lines.slice(0, 8)) {
      const li = doc.createElement('li');
      li.textContent = `${l.quantity} × ${l.name}`;
      const total = doc.createElement('span');
      total.textContent = l.available ? money(l.line_total_cents) : 'Not sold here';
      li.append(' ', total);
      list.append(li);
    }
    const empty = doc.createElement('p');
    empty.textContent = 'Your cart is empty.';
    const subtotal = doc.createElement('p');
    subtotal.className = 'header-cart__subtotal';
    subtotal.textContent = `Subtotal (${itemsLabel(cart.count)}): ${money(cart.total_cents)}`;
    const estimate = doc.createElement('p');
    estimate.className = 'header-cart__estimate';
    estimate.textContent = estimateLabel(cart);
    const go = doc.createElement('a');
    go.className = 'button header-cart__go';
    go.href = '/shop#!/cart';
    go.textContent = 'Go to cart';
    panel.replaceChildren(...(cart.lines.length ? [list, subtotal, ...(estimate.textContent ? [estimate] : []), go] : [empty, go]));
  }
}
