// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountHandler } from '../handlers/testing/handler-harness';
import { STORE_READY_ATTRIBUTE } from '../store-layer/store-change-event';
import Header from './header';

// The "My Store" dropdown starts when the store layer is ready (`store:ready`), or after a fallback second. The store
// layer can be ready before the header connects; its event is then gone, and a click on "Store details" did nothing
// for that second (a gate run's failure, e2e/store-layer.spec.ts).
const MARKUP = `<header data-site-header>
  <button class="store-dropdown__toggle" type="button" aria-expanded="false" aria-controls="p">Store details</button>
  <div class="store-dropdown__panel" id="p" hidden>1979 W 25th St</div>
</header>`;

describe("the header's store dropdown", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.removeAttribute(STORE_READY_ATTRIBUTE);
  });
  const expanded = (element: HTMLElement) => element.querySelector('.store-dropdown__toggle')!.getAttribute('aria-expanded');

  it('opens at the first click when the store layer was ready before the header connected', () => {
    document.documentElement.setAttribute(STORE_READY_ATTRIBUTE, '');
    const { handler, element } = mountHandler<Header>(Header, MARKUP, {});
    handler.connect();
    element.querySelector<HTMLButtonElement>('.store-dropdown__toggle')!.click();
    expect(expanded(element)).toBe('true');
    handler.disconnect();
  });

  it('waits for the store layer otherwise: a click before it does nothing, one after opens', () => {
    const { handler, element, bus } = mountHandler<Header>(Header, MARKUP, {});
    handler.connect();
    const toggle = element.querySelector<HTMLButtonElement>('.store-dropdown__toggle')!;
    toggle.click();
    expect(expanded(element)).toBe('false');
    bus.emit('store:ready', { storeId: 1004 });
    toggle.click();
    expect(expanded(element)).toBe('true');
    handler.disconnect();
  });
});
