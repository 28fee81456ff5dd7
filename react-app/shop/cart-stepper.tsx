import { useLayoutEffect, useRef, useState } from 'react';
import { MAX_LINE_QUANTITY } from '../../core/shop/cart-quantity';
import { addToCartName } from '../../core/shop/shop-intent';
import { QuantitySelect } from './quantity-select';

/** Which control had the keyboard when a change started, so the focus can land on its replacement. */
type FocusKey = 'add' | 'minus' | 'plus';

export interface CartStepperProps {
  product: { id: number; name: string };
  /** How many are in the cart now (0: the Add button). */
  quantity: number;
  busy: boolean;
  /** Sets the line's quantity (0 removes it). */
  onSet: (quantity: number) => Promise<void>;
  /** On the cart page the middle is a quantity choice (jump to 12 at once); elsewhere the count. */
  choose?: boolean;
  /** The cart page moves the focus itself when a line goes (next line or heading): no Add button there. */
  removable?: boolean;
}

/**
 * Add to cart, which becomes − qty + once the product is in the cart. The focus follows the shopper: after Add
 * it moves to + (the control that replaced the button), after − to zero back to Add; never to the body.
 * Presses made while the stepper's change is on its way count: the count shows the quantity asked for at once, and
 * when the change ends the presses made meanwhile go as one change (+ pressed three times adds three; dropped, they
 * added one). A change started elsewhere (`busy` without one of this stepper's own, as while an order is placed)
 * still holds the controls.
 */
export function CartStepper({ product, quantity, busy, onSet, choose = false, removable = false }: CartStepperProps) {
  const root = useRef<HTMLDivElement>(null);
  // The control pressed, and the element that had the focus then (React may reuse it for the control that replaced it).
  const pending = useRef<{ key: FocusKey; pressed: Element | null } | null>(null);
  // The quantity asked for while this stepper's change runs (null: none runs), and the one to send when it ends.
  const [wanted, setWanted] = useState<number | null>(null);
  const queued = useRef<number | null>(null);
  const own = wanted !== null;
  const shown = wanted ?? quantity;

  useLayoutEffect(() => {
    const want = pending.current;
    const el = root.current;
    if (!want || !el) return;
    const active = el.ownerDocument.activeElement;
    // Only the focus of the control pressed is moved (to the control that replaced it, Add and the stepper replacing
    // each other): focus the shopper moved meanwhile, even to the other button of this stepper, stays there.
    if (!active || active === el.ownerDocument.body || active === want.pressed) {
      const target = shown === 0 ? 'add' : want.key === 'add' ? 'plus' : want.key;
      el.querySelector<HTMLElement>(`[data-stepper="${target}"]`)?.focus();
    }
    if (!busy && !own) pending.current = null; // the change is over: later changes made elsewhere move nothing
  }, [shown, busy, own]);

  // When a change ends, the presses made meanwhile go from the next render: its onSet knows the cart the change
  // left (the shop adds a product not yet in the cart, and sets one in it; the finished change's onSet would add).
  const [ended, setEnded] = useState(0);
  const send = (n: number) => {
    setWanted(n);
    void onSet(n).finally(() => setEnded((e) => e + 1));
  };
  useLayoutEffect(() => {
    if (ended === 0) return;
    const next = queued.current;
    queued.current = null;
    if (next !== null && next !== quantity) send(next);
    else setWanted(null); // the cart's own quantity again: what the server kept, also after a refusal
    // Only when a change ends; `send` and `quantity` are this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended]);
  const set = (next: number, from: FocusKey | null) => {
    if ((busy && !own) || next < 0) return;
    pending.current = from && { key: from, pressed: root.current?.ownerDocument.activeElement ?? null };
    if (own) {
      queued.current = next;
      setWanted(next);
    } else send(next);
  };

  const held = busy && !own;
  const addLabel = held ? 'Adding…' : 'Add to cart';
  if (shown === 0 && !removable)
    return (
      <div className="cart-stepper" ref={root}>
        <button
          type="button"
          className="button cart-stepper__add"
          data-stepper="add"
          // aria-disabled, not disabled: a disabled button drops the keyboard focus while the add runs.
          aria-disabled={held}
          aria-label={addToCartName(addLabel, product.name)}
          onClick={() => set(1, 'add')}
        >
          {addLabel}
        </button>
      </div>
    );

  return (
    <div className="cart-stepper cart-stepper--on" ref={root} role="group" aria-label={`${product.name} in your cart`}>
      <button
        type="button"
        className="cart-stepper__step"
        data-stepper="minus"
        aria-disabled={held || shown === 0}
        aria-label={shown === 1 ? `Remove ${product.name} from cart` : `One less ${product.name}`}
        onClick={() => set(shown - 1, 'minus')}
      >
        <span aria-hidden="true">−</span>
      </button>
      {choose ? (
        <QuantitySelect
          className="cart-stepper__choose"
          label={`Quantity of ${product.name}`}
          value={shown}
          busy={held}
          onChoose={(n) => set(n, null)}
        />
      ) : (
        <span className="cart-stepper__count">
          {shown}
          <span className="visually-hidden"> in cart</span>
        </span>
      )}
      <button
        type="button"
        className="cart-stepper__step"
        data-stepper="plus"
        aria-disabled={held || shown >= MAX_LINE_QUANTITY}
        aria-label={`One more ${product.name}`}
        onClick={() => shown < MAX_LINE_QUANTITY && set(shown + 1, 'plus')}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
