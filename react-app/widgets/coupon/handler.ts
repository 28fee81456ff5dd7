import { Handler } from '../../../core/handlers/base';
import { api } from '../../../core/api/client';
import * as shop from '../../../core/api/shop';
import { errorMessage, HttpError } from '../../../core/http';

/**
 * Coupon: the Clip button puts the coupon on the shopper’s account (signed in; a visitor is told to sign in, with a
 * link to the sign-in page), and shows it clipped.
 */
export default class CouponHandler extends Handler {
  override connect(): void {
    const button = this.element.querySelector<HTMLButtonElement>('.e-coupon__clip');
    const id = Number(this.element.querySelector<HTMLElement>('[data-coupon-id]')?.dataset.couponId);
    if (!button || !id) return;
    this.listen(button, 'click', () => void this.clip(button, id));
  }

  private async clip(button: HTMLButtonElement, id: number): Promise<void> {
    const status = this.element.querySelector<HTMLElement>('.e-coupon__status');
    // A visitor (the page's user is nobody) is asked to sign in without a call that could only answer 401.
    if (!this.config.user?.id) return this.askToSignIn(status);
    button.disabled = true;
    try {
      await api(shop.clipCoupon, { params: { id } });
      button.textContent = 'Clipped';
      button.setAttribute('aria-pressed', 'true');
      if (status) status.textContent = 'Clipped: your cart takes it off eligible items.';
    } catch (error) {
      button.disabled = false;
      if (!status) return;
      if (error instanceof HttpError && error.status === 401) this.askToSignIn(status);
      else status.textContent = errorMessage(error);
    }
  }

  private askToSignIn(status: HTMLElement | null): void {
    if (!status) return;
    status.textContent = 'Sign in to clip coupons. ';
    const link = document.createElement('a');
    link.href = '/shop#!/sign-in';
    link.textContent = 'Sign in';
    status.append(link);
  }
}
