import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { setCartQuantity } from '../../core/shop/cart-quantity';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTasks } from '../hooks/use-tasks';
import { fieldErrors, money, type FieldErrors } from './client';
import { CartEstimate } from './cart-estimate';
import { PRICE_RULE_TEXT } from '../../core/shop/price';
import { CartStepper } from './cart-stepper';
import { PickupPicker } from './pickup-picker';
import { ErrorMessage } from './status';
import { SubstitutePicker, type SubstituteChoice } from './substitute-picker';
import type { Cart, CartLine, Order, ShopUser, StoreInfo } from './types';
import { noticeText, type Tender } from '../../core/shop/checkout';
import { CheckoutFields } from './checkout-fields';
import { OrderWindowSaid, useOrderWindow } from './order-window';

const CART_NAMES: Record<string, string> = { grocery: 'grocery cart', wine: 'wine cart', catering: 'catering cart' };
/** Which cart the shopper is in: one cart per catalogue (docs/shop.md). */
const CATALOG_LABELS: Record<string, string> = { grocery: 'Groceries', wine: 'Wine', catering: 'Catering' };
const SHOP_OF: Record<string, string> = { grocery: '/shop#!/cart', wine: '/wine/shop#!/cart', catering: '/catering/shop#!/cart' };

/** Dollars typed by the shopper ('12.50', '$12') in cents, or null when it is not an amount. */
const centsOf = (text: string): number | null => {
  const m = /^\s*\$?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
};

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
  const tasks = useTasks<string>();
  const [fields, setFields] = useState<FieldErrors>({});
  const pickup = useOrderWindow(user ? cart.store_id : null);
  const [pickerLoad, setPickerLoad] = useState(0); // a window refused (full meanwhile): the picker loads again
  const [tender, setTender] = useState<Tender>('card');
  const [ebtText, setEbtText] = useState('');
  const [ageConfirmed, setAgeConfirmed] = useState(false);
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
    if (quantity === 0) removed.current = { productId, index: cart.lines.findIndex((l) => l.product_id === productId), control };
    const done = await tasks.run(`line-${productId}`, async () => {
      onCart(await setCartQuantity(productId, quantity, true, apiQuery));
    });
    if (!done) removed.current = null;
  }

  const setSubstitution = (productId: number, choice: SubstituteChoice): Promise<boolean> =>
    tasks.run(`sub-${productId}`, async () => {
      onCart(await api(shop.setSubstitution, { params: { product_id: productId }, query: apiQuery, body: choice }));
    });

  async function placeOrder(e: FormEvent) {
    e.preventDefault();
    if (!store || cart.store_id === null) return;
    const storeId = cart.store_id;
    setFields({});
    const ebt = tender === 'split' ? centsOf(ebtText) : null;
    if (tender === 'split' && ebt === null) {
      setFields({ ebt_cents: 'Enter the EBT SNAP amount in dollars, like 12.50.' });
      return;
    }
    await tasks.run('order', async () => {
      try {
        const order = await api(shop.placeOrder, {
          body: {
            store_id: storeId,
            // The window this page shows, never another the server holds for the shopper (another tab's).
            slot_id: pickup.slotId ?? undefined,
            tender,
            ebt_cents: ebt ?? undefined,
            age_confirmed: ageConfirmed,
            // The coupons this cart showed: one that stops applying before the order is placed is said.
            coupon_ids: cart.lines.flatMap((l) => (l.coupon ? [l.coupon.coupon_id] : [])),
          },
          headers: { 'Idempotency-Key': checkoutKey.current },
        });
        checkoutKey.current = checkoutId();
        onCart({ ...cart, lines: [], count: 0, total_cents: 0, estimate: null, other_carts: cart.other_carts });
        onOrdered(order);
      } catch (err) {
        // A field's message shows next to its field; anything else above the cart.
        const fields = fieldErrors(err);
        if (!Object.keys(fields).length) throw err;
        setFields(fields);
        if (fields.slot_id) setPickerLoad((n) => n + 1);
      }
    });
  }

  const busy = tasks.busy();
  return (
    <section className="shop-cart" aria-labelledby="shop-cart-title">
      <h2 id="shop-cart-title" ref={heading} tabIndex={-1}>
        Your cart
        <small className="shop-cart__store">
          {' '}
          · {CATALOG_LABELS[cart.catalog ?? 'grocery'] ?? 'Groceries'}
          {cart.store_name ? ` at ${cart.store_name}` : ''}
        </small>
      </h2>
      <OtherCarts others={cart.other_carts} />
      <ErrorMessage message={tasks.error} />
      <CouponNotices notices={cart.coupon_notices} />
      {cart.lines.length === 0 ? (
        <p className="shop-empty">
          Your cart is empty. <a href="#!/">Browse products</a>.
        </p>
      ) : (
        <>
          <ul className="cart-lines" ref={lineList}>
            {cart.lines.map((l) => (
              <CartLineItem
                key={l.product_id}
                line={l}
                storeName={cart.store_name}
                apiQuery={apiQuery}
                busy={busy}
                onQuantity={(n, control) => setQuantity(l.product_id, n, control)}
                onSubstitution={(choice) => setSubstitution(l.product_id, choice)}
              />
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
              {cart.notice_hours ? <p className="pickup-form__notice">{noticeText(cart.notice_hours)}</p> : null}
              {cart.store_id !== null ? (
                <PickupPicker key={pickerLoad} storeId={cart.store_id} value={pickup.slotId} onChange={pickup.choose} />
              ) : null}
              <OrderWindowSaid window={pickup} />
              {fields.slot_id ? (
                <span id="pickup-window-error" className="field-error" role="alert">
                  {fields.slot_id}
                </span>
              ) : null}
              <CheckoutFields
                cart={cart}
                fields={fields}
                tender={tender}
                onTender={setTender}
                ebtText={ebtText}
                onEbtText={setEbtText}
                ageConfirmed={ageConfirmed}
                onAgeConfirmed={setAgeConfirmed}
              />
              <button type="submit" className="button" disabled={busy}>
                {tasks.busy('order') ? 'Placing order…' : 'Place pickup order'}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

/** What waits in the shopper's other catalogues' carts (each ordered from its own shop). */
function OtherCarts({ others }: { others: Cart['other_carts'] }) {
  if (!others?.length) return null;
  return (
    <p className="shop-cart__others">
      {others.map((o, i) => (
        <span key={o.catalog}>
          {i > 0 ? ' ' : ''}
          You also have {o.count} {o.count === 1 ? 'item' : 'items'} in your{' '}
          <a href={SHOP_OF[o.catalog] ?? '/shop#!/cart'}>{CART_NAMES[o.catalog] ?? `${o.catalog} cart`}</a>, ordered separately with its own
          pickup window.
        </span>
      ))}
    </p>
  );
}

/** Clipped coupons for products in the cart that do not apply, and why. */
function CouponNotices({ notices }: { notices: string[] | undefined }) {
  if (!notices?.length) return null;
  return (
    <ul className="shop-cart__coupon-notices">
      {notices.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

/** One line of the cart: quantity stepper, substitution choice, price, remove. */
function CartLineItem({
  line,
  storeName,
  apiQuery,
  busy,
  onQuantity,
  onSubstitution,
}: {
  line: CartLine;
  storeName: string | null;
  apiQuery: string;
  busy: boolean;
  onQuantity: (quantity: number, control: string) => Promise<void>;
  onSubstitution: (choice: SubstituteChoice) => Promise<boolean>;
}) {
  return (
    <li className="cart-line" data-product-id={line.product_id}>
      <img src={line.image} alt="" width={56} height={56} />
      <span className="cart-line__name">
        {line.name} <small>{line.size}</small>
      </span>
      <CartStepper
        product={{ id: line.product_id, name: line.name }}
        quantity={line.quantity}
        busy={busy}
        choose
        removable
        onSet={(n) => onQuantity(n, 'minus')}
      />
      <SubstitutePicker line={line} apiQuery={apiQuery} busy={busy} onSave={onSubstitution} />
      <span className="cart-line__total">
        {line.available ? money(line.line_total_cents) : `Not sold at ${storeName ?? 'this store'}`}
        {line.was_cents !== null ? (
          <small className="price__was">
            {' '}
            {money(line.price_cents)} each{line.basis === 'member' ? ' member price' : ''}, was <s>{money(line.was_cents)}</s>
          </small>
        ) : null}
        {line.coupon ? (
          <small className="cart-line__coupon">
            {' '}
            Coupon “{line.coupon.title}” on {line.coupon.units}: −{money(line.coupon.discount_cents)}
          </small>
        ) : null}
        {line.snap_eligible ? <small className="cart-line__flag"> EBT SNAP eligible</small> : null}
        {line.age_restricted ? <small className="cart-line__flag"> 21+</small> : null}
      </span>
      <button
        type="button"
        className="link-button"
        data-stepper="remove"
        aria-disabled={busy}
        onClick={() => !busy && void onQuantity(0, 'remove')}
        aria-label={`Remove ${line.name}`}
      >
        Remove
      </button>
    </li>
  );
}
