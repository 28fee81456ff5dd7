import { useLayoutEffect, useRef } from 'react';
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
 */
export function CartStepper({ product, quantity, busy, onSet, choose = false, removable = false }: CartStepperProps) {
  const root = useRef<HTMLDivElement>(null);
  const pending = useRef<FocusKey | null>(null);

  useLayoutEffect(() => {
    const want = pending.current;
    const el = root.current;
    if (!want || !el) return;
    const active = el.ownerDocument.activeElement;
    // Only while the shopper is still here: focus that moved elsewhere on purpose is left alone.
    if (active && active !== el.ownerDocument.body && !el.contains(active)) return;
    const target = quantity === 0 ? 'add' : want === 'add' ? 'plus' : want;
    el.querySelector<HTMLElement>(`[data-stepper="${target}"]`)?.focus();
    if (!busy) pending.current = null; // the change is over: later changes made elsewhere move nothing
  }, [quantity, busy]);

  const set = (next: number, from: FocusKey | null) => {
    if (busy) return;
    pending.current = from;
    void onSet(next);
  };

  const addLabel = busy ? 'Adding…' : 'Add to cart';
  if (quantity === 0 && !removable)
    return (
      <div className="cart-stepper" ref={root}>
        <button
          type="button"
          className="button cart-stepper__add"
          data-stepper="add"
          // aria-disabled, not disabled: a disabled button drops the keyboard focus while the add runs.
          aria-disabled={busy}
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
        aria-disabled={busy}
        aria-label={quantity === 1 ? `Remove ${product.name} from cart` : `One less ${product.name}`}
        onClick={() => set(quantity - 1, 'minus')}
      >
        <span aria-hidden="true">−</span>
      </button>
      {choose ? (
        <QuantitySelect
          className="cart-stepper__choose"
          label={`Quantity of ${product.name}`}
          value={quantity}
          busy={busy}
          onChoose={(n) => set(n, null)}
        />
      ) : (
        <span className="cart-stepper__count">
          {quantity}
          <span className="visually-hidden"> in cart</span>
        </span>
      )}
      <button
        type="button"
        className="cart-stepper__step"
        data-stepper="plus"
        aria-disabled={busy || quantity >= MAX_LINE_QUANTITY}
        aria-label={`One more ${product.name}`}
        onClick={() => quantity < MAX_LINE_QUANTITY && set(quantity + 1, 'plus')}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
