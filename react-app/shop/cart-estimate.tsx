import { FREE_PICKUP_FROM_CENTS } from '../../core/shop/order-total';
import { money } from './client';
import type { Cart } from './types';

/**
 * The cart's totals as the order will charge them at the cart's store: subtotal, pickup fee and the store's
 * sales tax (computed by the server with core/shop/order-total.ts, the function that totals the order).
 */
export function CartEstimate({ cart }: { cart: Cart }) {
  const items = `${cart.count} ${cart.count === 1 ? 'item' : 'items'}`;
  const e = cart.estimate;
  if (!e)
    return (
      <p className="cart-total">
        Total ({items}): <strong>{money(cart.total_cents)}</strong>
      </p>
    );
  return (
    <dl className="cart-estimate cart-total" aria-label="Estimated total">
      <div>
        <dt>Subtotal ({items})</dt>
        <dd>{money(e.subtotal_cents)}</dd>
      </div>
      {e.coupon_cents > 0 ? (
        <div className="cart-estimate__coupons">
          <dt>Coupons</dt>
          <dd>−{money(e.coupon_cents)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Pickup fee{e.fee_cents > 0 ? ` (free from ${money(FREE_PICKUP_FROM_CENTS)})` : ''}</dt>
        <dd>{e.fee_cents === 0 ? 'Free' : money(e.fee_cents)}</dd>
      </div>
      <div>
        <dt>Estimated tax{cart.store_name ? ` at ${cart.store_name}` : ''}</dt>
        <dd>{money(e.tax_cents)}</dd>
      </div>
      <div className="cart-estimate__total">
        <dt>Estimated total</dt>
        <dd>
          <strong>{money(e.total_cents)}</strong>
        </dd>
      </div>
    </dl>
  );
}
