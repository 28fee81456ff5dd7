import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { dispatchCartChange } from '../../core/shop/header-cart/events';
import { isOrderState, ORDER_STATE_LABELS } from '../../core/shop/order-state';
import { windowLabel } from '../../core/shop/pickup';
import { tenderText } from '../../core/shop/staff-orders';
import { ID_CHECK_TEXT } from '../../core/shop/checkout';
import { SUBSTITUTION_LABELS, type Substitution } from '../../core/shop/substitution';
import { money } from './client';
import { QuantitySelect } from './quantity-select';
import { ErrorMessage } from './status';
import type { Order } from './types';
import { useAction } from './use-action';

const statusLabel = (s: string): string => (isOrderState(s) ? ORDER_STATE_LABELS[s] : s);
/** '2026-11-28' → 'Saturday, November 28, 2026' (the store-local pickup day, read as a calendar date). */
export const pickupDayLabel = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const substitutionLabel = (s: string): string => SUBSTITUTION_LABELS[s as Substitution] ?? s;

/** One past order: its window, totals and state; quantities and cancelling while placed; buy it again. */
export function OrderCard({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const { busy, error, notice, setNotice, run } = useAction();
  const changeable = order.status === 'placed';

  const setQuantity = (productId: number, quantity: number) =>
    run(async () => {
      onChanged(await api(shop.changeOrderLine, { params: { id: order.id, product_id: productId }, body: { quantity } }));
      setNotice('Your order is updated.');
    });
  const cancel = () => run(async () => onChanged(await api(shop.cancelOrder, { params: { id: order.id } })));
  const again = () =>
    run(async () => {
      const r = await api(shop.reorder, { params: { id: order.id } });
      dispatchCartChange(r.cart);
      setNotice(
        `Added ${r.added} ${r.added === 1 ? 'product' : 'products'} to your cart${r.skipped ? ` (${r.skipped} no longer sold)` : ''}.`,
      );
    });

  return (
    <li className="order-card" data-order-id={order.id}>
      <h3>Order #{order.id}</h3>
      <p>
        Pickup at {order.store_name} on <time dateTime={order.pickup_date}>{pickupDayLabel(order.pickup_date)}</time>
        {order.pickup_window ? `, ${windowLabel(order.pickup_window.start, order.pickup_window.end)}` : ''} · {money(order.total_cents)}
        {order.fee_cents || order.tax_cents ? ` (incl. ${money(order.fee_cents)} pickup fee, ${money(order.tax_cents)} tax)` : ''}
        {order.coupon_cents ? `, ${money(order.coupon_cents)} off with coupons` : ''} ·{' '}
        <span className="order-card__status">{statusLabel(order.status)}</span>
      </p>
      {order.tender ? <p className="order-card__tender">You pay at pickup: {tenderText(order.tender, money)}</p> : null}
      {order.id_check ? <p className="order-card__id-check">Bring a photo ID: {ID_CHECK_TEXT.toLowerCase()}.</p> : null}
      <ul>
        {order.lines.map((l) => (
          <li key={l.product_id}>
            {changeable ? (
              <QuantitySelect
                label={`Quantity of ${l.name} in order ${order.id}`}
                value={l.quantity}
                busy={busy}
                onChoose={(n) => void setQuantity(l.product_id, n)}
              />
            ) : (
              `${l.quantity}`
            )}{' '}
            × {l.name} · {money(l.line_total_cents ?? l.price_cents * l.quantity)}
            {l.coupon_cents ? ` (−${money(l.coupon_cents)} coupon)` : ''}{' '}
            <small>
              (If out: {l.substitution === 'this_product' && l.substitute_name ? l.substitute_name : substitutionLabel(l.substitution)})
            </small>
          </li>
        ))}
      </ul>
      <ErrorMessage message={error} />
      <p role="status" className="order-card__notice">
        {notice}
      </p>
      <div className="order-card__actions">
        <button type="button" className="button" aria-disabled={busy} onClick={() => void (busy || again())}>
          Buy it again
        </button>
        {changeable ? (
          <button type="button" className="link-button" aria-disabled={busy} onClick={() => void (busy || cancel())}>
            Cancel order
          </button>
        ) : null}
      </div>
    </li>
  );
}
