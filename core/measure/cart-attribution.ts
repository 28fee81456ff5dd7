import { Handler } from '../handlers/base';
import { CART_CHANGE_EVENT, cartChangeOf } from '../shop/header-cart/events';
import { tracker } from './measured-subject';
import { clickedThisVisit, sessionStore } from './visit';

// Add-to-cart within the same visit: when the cart grows, every popup and content block the visitor clicked
// earlier in this visit gets an add_to_cart (once per page view each). Runs where the header cart is, so on
// every page a cart can change. The count before a change is the header cart's (its first load announces
// nothing), read through a MutationObserver, whose records arrive only after the change event's listeners.

const countOf = (el: Element | null): number | null => {
  const text = el?.textContent?.trim() ?? '';
  return /^\d+$/.test(text) ? Number(text) : null;
};

export default class CartAttributionHandler extends Handler {
  private count: number | null = null;

  override connect(): void {
    if (this.isEdit) return;
    const shown = this.element.querySelector('.header-cart__count');
    this.count = countOf(shown);
    if (shown) {
      const observer = new MutationObserver(() => (this.count = countOf(shown) ?? this.count));
      observer.observe(shown, { childList: true, characterData: true, subtree: true });
      this.onCleanup(() => observer.disconnect());
    }
    this.listen(window, CART_CHANGE_EVENT, (e) => {
      const { cart } = cartChangeOf(e);
      if (!cart || typeof cart.count !== 'number') return;
      const grew = this.count !== null && cart.count > this.count;
      this.count = cart.count;
      if (!grew) return;
      const t = tracker();
      for (const c of clickedThisVisit(sessionStore())) void t.record(c.subject_type, c.subject_id, 'add_to_cart', c.variant, c.view_id);
      void Promise.resolve().then(() => t.flush());
    });
  }
}
