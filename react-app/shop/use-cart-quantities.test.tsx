// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { dispatchCartChange } from '../../core/shop/header-cart/events';
import type { Cart } from './types';
import { useCartQuantities } from './use-cart-quantities';

// An Add clicked before the island hydrated is replayed at once and announced as a cart change; the island's first
// read of the cart, sent before that Add was saved, may answer after it. That late answer must not show Add again.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.unstubAllGlobals());

const cartOf = (lines: Array<{ product_id: number; quantity: number }>) => ({ lines }) as unknown as Cart;

it('keeps the quantity a change announced while the first read of the cart was on its way', async () => {
  let answer: (r: Response) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  const seen: number[] = [];
  function Probe() {
    seen.push(useCartQuantities(1001).inCart.get(7) ?? 0);
    return null;
  }
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => root.render(<Probe />));
  await act(async () => dispatchCartChange(cartOf([{ product_id: 7, quantity: 1 }])));
  expect(seen.at(-1)).toBe(1);
  // The first read answers late, with the cart as it was before the Add.
  await act(async () => answer(new Response(JSON.stringify(cartOf([])), { headers: { 'Content-Type': 'application/json' } })));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(seen.at(-1)).toBe(1);
  act(() => root.unmount());
});
