import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors, money, shopApi, type FieldErrors } from './client';
import { SUBSTITUTION_LABELS } from '../../core/shop/substitution';
import { PickupPicker } from './pickup-picker';
import { QuantitySelect } from './quantity-select';
import { ErrorMessage } from './status';
import type { Cart, Order, ShopUser, StoreInfo } from './types';

/** A random checkout key (getRandomValues works outside secure contexts, unlike randomUUID). */
const checkoutId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

interface CartViewProps {
  cart: Cart;
  user: ShopUser | null;
  store: StoreInfo | null;
  /** store_id and catalog of this page for API calls. */
  apiQuery: string;
  onCart: (cart: Cart) => void;
  onOrdered: (order: Order) => void;
}

/** The cart with quantities, and placing a pickup order for the chosen store. */
export function CartView({ cart, user, store, apiQuery, onCart, onOrdered }: CartViewProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [slot, setSlot] = useState<number | null>(null);
  // One key per checkout attempt: a double submit (or a retry after a lost answer) returns the first order.
  const checkoutKey = useRef<string>(checkoutId());

  async function setQuantity(productId: number, quantity: number) {
    setBusy(`line-${productId}`);
    setError(null);
    try {
      onCart(
        await shopApi<Cart>(`/api/shop/v1/cart/items/${productId}?${apiQuery}`, {
          method: quantity === 0 ? 'DELETE' : 'PUT',
          body: quantity === 0 ? undefined : { quantity },
        }),
      );
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function setSubstitution(productId: number, substitution: string) {
    if (substitution === 'this_product') return;
    setError(null);
    try {
      onCart(
        await shopApi<Cart>(`/api/shop/v1/cart/items/${productId}/substitution?${apiQuery}`, { method: 'PUT', body: { substitution } }),
      );
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  async function placeOrder(e: FormEvent) {
    e.preventDefault();
    if (!store || cart.store_id === null) return;
    setBusy('order');
    setError(null);
    setFields({});
    try {
      const order = await shopApi<Order>('/api/shop/v1/orders', {
        method: 'POST',
        body: { store_id: cart.store_id, slot_id: slot ?? undefined },
        headers: { 'Idempotency-Key': checkoutKey.current },
      });
      checkoutKey.current = checkoutId();
      onCart({ ...cart, lines: [], count: 0, total_cents: 0 });
      onOrdered(order);
    } catch (err) {
      setFields(fieldErrors(err));
      setError(Object.keys(fieldErrors(err)).length ? null : errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="shop-cart" aria-labelledby="shop-cart-title">
      <h2 id="shop-cart-title">Your cart</h2>
      <ErrorMessage message={error} />
      {cart.lines.length === 0 ? (
        <p className="shop-empty">
          Your cart is empty. <a href="#!/">Browse products</a>.
        </p>
      ) : (
        <>
          <ul className="cart-lines">
            {cart.lines.map((l) => (
              <li key={l.product_id} className="cart-line" data-product-id={l.product_id}>
                <img src={l.image} alt="" width={56} height={56} />
                <span className="cart-line__name">
                  {l.name} <small>{l.size}</small>
                </span>
                <QuantitySelect
                  className="cart-line__qty"
                  label={`Quantity of ${l.name}`}
                  value={l.quantity}
                  busy={busy !== null}
                  onChoose={(n) => void setQuantity(l.product_id, n)}
                />
                <label className="cart-line__sub">
                  <span className="visually-hidden">If {l.name} is out</span>
                  <select
                    value={l.substitution}
                    aria-disabled={busy !== null}
                    onChange={(e) => void setSubstitution(l.product_id, e.target.value)}
                  >
                    {(['best_match', 'none'] as const).map((s) => (
                      <option key={s} value={s}>
                        {SUBSTITUTION_LABELS[s]}
                      </option>
                    ))}
                    {l.substitution === 'this_product' ? <option value="this_product">{SUBSTITUTION_LABELS.this_product}</option> : null}
                  </select>
                </label>
                <span className="cart-line__total">
                  {l.available ? money(l.line_total_cents) : `Not sold at ${cart.store_name ?? 'this store'}`}
                  {l.was_cents !== null ? (
                    <small className="price__was">
                      {' '}
                      {money(l.price_cents)} each, was <s>{money(l.was_cents)}</s>
                    </small>
                  ) : null}
                </span>
                <button
                  type="button"
                  className="link-button"
                  disabled={busy !== null}
                  onClick={() => void setQuantity(l.product_id, 0)}
                  aria-label={`Remove ${l.name}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <p className="cart-total">
            Total ({cart.count} {cart.count === 1 ? 'item' : 'items'}): <strong>{money(cart.total_cents)}</strong>
          </p>
          {!store ? (
            <p>
              <a href="/store/store-locator">Choose a store</a> to place a pickup order.
            </p>
          ) : !user ? (
            <p>
              <a href="#!/sign-in">Sign in</a> or <a href="#!/sign-up">create an account</a> to place a pickup order. Your cart is kept.
            </p>
          ) : (
            <form className="pickup-form" onSubmit={placeOrder} noValidate>
              <h3>Pickup at {cart.store_name ?? store.name}</h3>
              {cart.store_id !== null ? <PickupPicker storeId={cart.store_id} value={slot} onChange={setSlot} /> : null}
              {fields.slot_id ? (
                <span id="pickup-window-error" className="field-error" role="alert">
                  {fields.slot_id}
                </span>
              ) : null}
              <button type="submit" className="button" disabled={busy !== null}>
                {busy === 'order' ? 'Placing order…' : 'Place pickup order'}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
