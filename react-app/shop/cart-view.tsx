import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors, money, shopApi, type FieldErrors } from './client';
import { CartEstimate } from './cart-estimate';
import { PRICE_RULE_TEXT } from '../../core/shop/price';
import { CartStepper } from './cart-stepper';
import { PickupPicker } from './pickup-picker';
import { ErrorMessage } from './status';
import { SubstitutePicker, type SubstituteChoice } from './substitute-picker';
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
  const heading = useRef<HTMLHeadingElement>(null);
  const lineList = useRef<HTMLUListElement>(null);
  // A removed line takes its controls with it: the focus goes to the same control of the next line, or the heading.
  const removed = useRef<{ productId: number; index: number; control: string } | null>(null);
  useLayoutEffect(() => {
    const r = removed.current;
    if (!r || cart.lines.some((l) => l.product_id === r.productId)) return;
    removed.current = null;
    const next = lineList.current?.children[Math.min(r.index, cart.lines.length - 1)];
    const target = next?.querySelector<HTMLElement>(`[data-stepper="${r.control}"]`) ?? next?.querySelector<HTMLElement>('button');
    (target ?? heading.current)?.focus();
  }, [cart.lines]);

  async function setQuantity(productId: number, quantity: number, control = 'remove') {
    setBusy(`line-${productId}`);
    setError(null);
    if (quantity === 0) removed.current = { productId, index: cart.lines.findIndex((l) => l.product_id === productId), control };
    try {
      onCart(
        await shopApi<Cart>(`/api/shop/v1/cart/items/${productId}?${apiQuery}`, {
          method: quantity === 0 ? 'DELETE' : 'PUT',
          body: quantity === 0 ? undefined : { quantity },
        }),
      );
    } catch (e) {
      removed.current = null;
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function setSubstitution(productId: number, choice: SubstituteChoice): Promise<boolean> {
    setBusy(`sub-${productId}`);
    setError(null);
    try {
      onCart(await shopApi<Cart>(`/api/shop/v1/cart/items/${productId}/substitution?${apiQuery}`, { method: 'PUT', body: choice }));
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    } finally {
      setBusy(null);
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
      onCart({ ...cart, lines: [], count: 0, total_cents: 0, estimate: null });
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
      <h2 id="shop-cart-title" ref={heading} tabIndex={-1}>
        Your cart
      </h2>
      <ErrorMessage message={error} />
      {cart.lines.length === 0 ? (
        <p className="shop-empty">
          Your cart is empty. <a href="#!/">Browse products</a>.
        </p>
      ) : (
        <>
          <ul className="cart-lines" ref={lineList}>
            {cart.lines.map((l) => (
              <li key={l.product_id} className="cart-line" data-product-id={l.product_id}>
                <img src={l.image} alt="" width={56} height={56} />
                <span className="cart-line__name">
                  {l.name} <small>{l.size}</small>
                </span>
                <CartStepper
                  product={{ id: l.product_id, name: l.name }}
                  quantity={l.quantity}
                  busy={busy !== null}
                  choose
                  removable
                  onSet={(n) => setQuantity(l.product_id, n, 'minus')}
                />
                <SubstitutePicker
                  line={l}
                  apiQuery={apiQuery}
                  busy={busy !== null}
                  onSave={(choice) => setSubstitution(l.product_id, choice)}
                />
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
                  data-stepper="remove"
                  aria-disabled={busy !== null}
                  onClick={() => busy === null && void setQuantity(l.product_id, 0)}
                  aria-label={`Remove ${l.name}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <CartEstimate cart={cart} />
          <p className="cart-price-rule">{PRICE_RULE_TEXT}</p>
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
