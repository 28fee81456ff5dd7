// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal, MODAL_FOCUS_DELAY_MS, POPUP_FOCUS_DELAY_MS, wrapTarget } from './modal';

function page(): { opener: HTMLButtonElement; root: HTMLElement; first: HTMLElement; last: HTMLElement } {
  document.body.innerHTML = `<button id="opener">Open</button>
    <div id="panel"><button id="first">Close</button><span hidden><a href="/x">hidden</a></span><a id="last" href="/y">Last</a></div>`;
  return {
    opener: document.querySelector('#opener')!,
    root: document.querySelector('#panel')!,
    first: document.querySelector('#first')!,
    last: document.querySelector('#last')!,
  };
}

const tab = (shiftKey = false): KeyboardEvent => {
  const e = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
  (document.activeElement ?? document.body).dispatchEvent(e);
  return e;
};

describe('modal focus', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['a popup', POPUP_FOCUS_DELAY_MS, 250],
    ['an off-canvas panel', MODAL_FOCUS_DELAY_MS, 100],
  ])('moves focus into %s after %i ms, not at once', (_what, delay, expected) => {
    expect(delay).toBe(expected);
    const { opener, root, first } = page();
    opener.focus();
    const modal = new Modal({ root, focusDelayMs: delay });
    modal.open();
    vi.advanceTimersByTime(delay - 1);
    expect(document.activeElement).toBe(opener);
    vi.advanceTimersByTime(1);
    expect(document.activeElement).toBe(first);
    modal.close();
  });

  it('keeps Tab inside, skipping hidden elements, and gives focus back on close', () => {
    const { opener, root, first, last } = page();
    opener.focus();
    const modal = new Modal({ root, focusDelayMs: 100 });
    modal.open();
    vi.advanceTimersByTime(100);
    last.focus();
    expect(tab().defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(first);
    expect(tab(true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(last);
    // Focus outside (the page behind) comes back in.
    opener.focus();
    tab();
    expect(document.activeElement).toBe(first);
    modal.close();
    expect(document.activeElement).toBe(opener);
    // Closed: Tab is free again.
    expect(tab().defaultPrevented).toBe(false);
  });

  it('closed before the delay: focus never jumps in', () => {
    const { opener, root } = page();
    opener.focus();
    const modal = new Modal({ root, focusDelayMs: 250 });
    modal.open();
    modal.close();
    vi.advanceTimersByTime(300);
    expect(document.activeElement).toBe(opener);
  });

  it('wraps only at the ends', () => {
    expect(wrapTarget([1, 2, 3], 3, false, true)).toBe(1);
    expect(wrapTarget([1, 2, 3], 1, true, true)).toBe(3);
    expect(wrapTarget([1, 2, 3], 2, false, true)).toBeNull();
    expect(wrapTarget([1, 2, 3], null, false, false)).toBe(1);
    expect(wrapTarget([], null, false, false)).toBeNull();
  });
});
