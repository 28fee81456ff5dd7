// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { dispatchCartChange } from '../../core/shop/header-cart/events';
import type { Cart } from './types';
import { useShopCart } from './use-shop-cart';

// The shop reads the cart when it hydrates. A shopper who adds right then gets the add's answer first on a busy
// server; the first read, sent before the add, answering after it must not put "Add to cart" back (seen as the
// "One more" stepper never appearing in the checkout journey).

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.unstubAllGlobals());

const cartOf = (lines: Array<{ product_id: number; quantity: number }>) =>
  ({ id: 1, store_id: 1001, store_name: 'Short North', lines, count: lines.length, total_cents: 0, estimate: null }) as unknown as Cart;
const answerWith = (cart: Cart) => new Response(JSON.stringify(cart), { headers: { 'Content-Type': 'application/json' } });

function mount() {
  const answers: Array<(r: Response) => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
  );
  const seen: { cart: Cart; changed: (next: Cart) => void }[] = [];
  function Probe() {
    const { cart, changed } = useShopCart(null, 'store_id=1001');
    seen.push({ cart, changed: (next) => changed(next, { product_id: 7, name: 'Bananas', was: 0 }) });
    return null;
  }
  const root = createRoot(document.createElement('div'));
  return { answers, seen, root, Probe };
}

const quantityOf7 = (cart: Cart) => cart.lines.find((l) => l.product_id === 7)?.quantity ?? 0;

it("keeps the shopper's add when the first read of the cart answers after it", async () => {
  const { answers, seen, root, Probe } = mount();
  await act(async () => root.render(<Probe />));
  expect(answers).toHaveLength(1);
  await act(async () => seen.at(-1)!.changed(cartOf([{ product_id: 7, quantity: 1 }])));
  expect(quantityOf7(seen.at(-1)!.cart)).toBe(1);
  await act(async () => answers[0](answerWith(cartOf([]))));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(quantityOf7(seen.at(-1)!.cart)).toBe(1);
  act(() => root.unmount());
});

it('keeps a change announced elsewhere on the page while the first read was on its way', async () => {
  const { answers, seen, root, Probe } = mount();
  await act(async () => root.render(<Probe />));
  await act(async () => dispatchCartChange(cartOf([{ product_id: 7, quantity: 2 }])));
  await act(async () => answers[0](answerWith(cartOf([]))));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(quantityOf7(seen.at(-1)!.cart)).toBe(2);
  act(() => root.unmount());
});

it('shows the first read when nothing changed meanwhile', async () => {
  const { answers, seen, root, Probe } = mount();
  await act(async () => root.render(<Probe />));
  await act(async () => answers[0](answerWith(cartOf([{ product_id: 7, quantity: 3 }]))));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(quantityOf7(seen.at(-1)!.cart)).toBe(3);
  act(() => root.unmount());
});
