import { Handler } from '../../../core/handlers/base';
import { api } from '../../../core/api/client';
import * as shop from '../../../core/api/shop';
import { errorMessage } from '../../../core/http';
import { dispatchCartChange } from '../../../core/shop/header-cart/events';

/**
 * Add to cart buttons on content pages (the Add to Cart and Product Grid widgets): adds the product to the
 * visitor's cart at their store, tells the header cart, and says what happened in the widget's status line.
 */
export default class AddToCartHandler extends Handler {
  override connect(): void {
    this.listen(this.element, 'click', (e) => {
      const button = (e.target as Element | null)?.closest<HTMLButtonElement>('button[data-add-product]');
      if (button && this.element.contains(button)) void this.add(button);
    });
  }

  private async add(button: HTMLButtonElement): Promise<void> {
    const status = this.element.querySelector<HTMLElement>('.e-add-to-cart__status');
    const productId = Number(button.dataset.addProduct);
    const quantity = Math.max(1, Number(button.dataset.addQuantity) || 1);
    const name = button.getAttribute('aria-label')?.split(', ').slice(1).join(', ') || 'The product';
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
      const cart = await api(shop.addToCart, { body: { items: [{ product_id: productId, quantity }] } });
      dispatchCartChange(cart);
      if (status) status.textContent = `Added ${name}. Your cart has ${cart.count} ${cart.count === 1 ? 'item' : 'items'}.`;
    } catch (error) {
      if (status) status.textContent = errorMessage(error);
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  }
}
