// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartStepper } from './cart-stepper';

// The stepper moves the keyboard focus to the control that replaced the one pressed, and only then.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  sent = [];
  answers = [];
  held = 0;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const product = { id: 7, name: 'Bananas' };
const button = (name: string) => host.querySelector<HTMLElement>(`[aria-label="${name}"]`);

/** What the slow cart's server was sent, its answers still to give, and the quantity it holds. */
let sent: number[] = [];
let answers: Array<() => void> = [];
let held = 0;
/** One answer from the slow cart's server. */
const answer = () => act(async () => answers.shift()!());

/**
 * A cart of one product, as the shop's: a product not yet in the cart is added (the server adds to what it holds),
 * one in it is set. Its server answers at once, or when the test says so (`slow`: answer()).
 */
function Cart({ start, slow, choose, onSet }: { start: number; slow?: boolean; choose?: boolean; onSet?: (n: number) => void }) {
  const [quantity, setQuantity] = useState(start);
  const [busy, setBusy] = useState(false);
  return (
    <CartStepper
      product={product}
      quantity={quantity}
      busy={busy}
      choose={choose}
      onSet={async (n) => {
        const inCart = quantity > 0; // this render's cart
        sent.push(n);
        onSet?.(n);
        setBusy(true);
        await (slow ? new Promise<void>((resolve) => answers.push(resolve)) : Promise.resolve());
        held = inCart ? n : held + n;
        setQuantity(held);
        setBusy(false);
      }}
    />
  );
}

async function press(el: HTMLElement | null) {
  el!.focus();
  await act(async () => el!.click());
}

describe('cart stepper', () => {
  it('shows Add with no quantity, then + has the focus after the add', async () => {
    const onSet = vi.fn();
    act(() => root.render(<Cart start={0} onSet={onSet} />));
    expect(host.textContent).toBe('Add to cart');
    await press(button('Add to cart, Bananas'));
    expect(onSet).toHaveBeenCalledWith(1);
    expect(document.activeElement).toBe(button('One more Bananas'));
    expect(host.querySelector('.cart-stepper__count')?.textContent).toBe('1 in cart');
  });

  it('− keeps the focus, and gives it to Add when the product leaves the cart', async () => {
    const onSet = vi.fn();
    act(() => root.render(<Cart start={2} onSet={onSet} />));
    await press(button('One less Bananas'));
    expect(onSet).toHaveBeenLastCalledWith(1);
    expect(document.activeElement).toBe(button('Remove Bananas from cart'));
    await press(button('Remove Bananas from cart'));
    expect(onSet).toHaveBeenLastCalledWith(0);
    expect(document.activeElement).toBe(button('Add to cart, Bananas'));
    expect(document.activeElement).not.toBe(document.body);
  });

  it('a quantity chosen in the cart keeps the focus on the choice', async () => {
    const onSet = vi.fn();
    act(() => root.render(<Cart start={3} onSet={onSet} choose />));
    const select = host.querySelector<HTMLSelectElement>('select')!;
    expect(select.closest('label')?.textContent).toContain('Quantity of Bananas');
    select.focus();
    // The native setter: React's own value tracker would otherwise see no change.
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, '12');
    await act(async () => select.dispatchEvent(new Event('change', { bubbles: true })));
    expect(onSet).toHaveBeenLastCalledWith(12);
    expect(document.activeElement).toBe(host.querySelector('select'));
  });

  it('presses made while a change is on its way count: + three times adds three, and the count shows it at once', async () => {
    held = 2;
    act(() => root.render(<Cart start={2} slow />));
    const count = () => host.querySelector('.cart-stepper__count')?.textContent;
    await press(button('One more Bananas'));
    await press(button('One more Bananas'));
    await press(button('One more Bananas'));
    expect(count()).toBe('5 in cart');
    expect(sent).toEqual([3]); // one change on its way at a time
    await answer();
    expect(sent).toEqual([3, 5]); // the presses made meanwhile go as one change
    expect(count()).toBe('5 in cart');
    await answer();
    expect(count()).toBe('5 in cart');
    expect(document.activeElement).toBe(button('One more Bananas'));
    // − down to zero while the change runs: the Add button is back at once, with the focus.
    await press(button('One less Bananas'));
    for (let i = 0; i < 4; i++) await press(host.querySelector('[data-stepper="minus"]'));
    expect(sent).toEqual([3, 5, 4]);
    expect(host.textContent).toBe('Add to cart');
    await answer();
    expect(sent).toEqual([3, 5, 4, 0]);
    await answer();
    expect(host.textContent).toBe('Add to cart');
    expect(document.activeElement).toBe(button('Add to cart, Bananas'));
  });

  it('focus the shopper moves while a change runs stays where they put it', async () => {
    held = 2;
    act(() => root.render(<Cart start={2} slow />));
    await press(button('One more Bananas'));
    button('One less Bananas')!.focus(); // Shift+Tab
    await answer();
    expect(host.querySelector('.cart-stepper__count')?.textContent).toBe('3 in cart');
    expect(document.activeElement).toBe(button('One less Bananas'));
  });

  it('the presses made during an Add go as a change of the line the Add made, not as a second add', async () => {
    act(() => root.render(<Cart start={0} slow />));
    await press(button('Add to cart, Bananas'));
    await press(button('One more Bananas'));
    await press(button('One more Bananas'));
    await answer();
    await answer();
    expect(held).toBe(3);
    expect(host.querySelector('.cart-stepper__count')?.textContent).toBe('3 in cart');
  });

  it('on the cart page, − stops at zero while the removal is on its way', async () => {
    let finish = () => {};
    act(() =>
      root.render(
        <CartStepper
          product={product}
          quantity={1}
          busy={false}
          removable
          onSet={(n) => {
            sent.push(n);
            return new Promise<void>((resolve) => (finish = resolve));
          }}
        />,
      ),
    );
    await press(button('Remove Bananas from cart'));
    await press(host.querySelector('[data-stepper="minus"]'));
    expect(host.querySelector('[data-stepper="minus"]')?.getAttribute('aria-disabled')).toBe('true');
    await act(async () => finish());
    expect(sent).toEqual([0]);
  });

  it('+ stops at the most a line holds (99)', async () => {
    const onSet = vi.fn();
    act(() => root.render(<Cart start={99} onSet={onSet} />));
    expect(button('One more Bananas')?.getAttribute('aria-disabled')).toBe('true');
    await press(button('One more Bananas'));
    expect(onSet).not.toHaveBeenCalled();
  });
});
