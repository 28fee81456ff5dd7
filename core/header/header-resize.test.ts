// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountHandler } from '../handlers/testing/handler-harness';
import Header from './header';

// The header re-decides desktop mega menu versus mobile off-canvas 500 ms after the last resize (docs/behaviour.md),
// driven here through real resize events and fake timers.
describe('header resize', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    window.innerWidth = 1024;
  });

  const resizeTo = (width: number) => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  };

  it('switches to the mobile menu 500 ms after the last resize, and stops listening on disconnect', () => {
    window.innerWidth = 1280;
    const { handler } = mountHandler<Header>(Header, '<header data-site-header></header>', {});
    handler.connect();
    expect(handler.menuKind).toBe('desktop');

    resizeTo(800);
    vi.advanceTimersByTime(400);
    resizeTo(700); // still resizing: the wait starts again
    vi.advanceTimersByTime(499);
    expect(handler.menuKind).toBe('desktop');
    vi.advanceTimersByTime(1);
    expect(handler.menuKind).toBe('mobile');

    handler.disconnect();
    resizeTo(1280);
    vi.advanceTimersByTime(1000);
    expect(handler.menuKind).toBe('mobile');
  });

  it('connects one menu at a time: the old one is disconnected at the switch, the last one with the header', () => {
    window.innerWidth = 1280;
    const markup = `<header data-site-header>
      <button class="menu-toggle" type="button">Menu</button>
      <nav data-mega-menu><ul><li class="has-mega"><button class="submenu-toggle" type="button">Shop</button>
        <div class="mega-panel"></div></li></ul></nav>
    </header>`;
    const { handler, element } = mountHandler<Header>(Header, markup, {});
    handler.connect();
    const nav = element.querySelector('nav')!;
    const shop = nav.querySelector<HTMLButtonElement>('.submenu-toggle')!;
    const menuButton = element.querySelector<HTMLButtonElement>('.menu-toggle')!;
    expect(nav.classList.contains('is-desktop-menu')).toBe(true);

    resizeTo(700);
    vi.advanceTimersByTime(500);
    expect([nav.classList.contains('is-desktop-menu'), nav.classList.contains('off-canvas')]).toEqual([false, true]);
    // The mega menu no longer listens: its Shop button opens nothing; the off-canvas button does.
    shop.click();
    expect(nav.querySelector('.has-mega')!.classList.contains('is-open')).toBe(false);
    menuButton.click();
    expect(nav.classList.contains('is-open')).toBe(true);

    handler.disconnect();
    expect([nav.classList.contains('off-canvas'), nav.classList.contains('is-open')]).toEqual([false, false]);
    menuButton.click();
    expect(nav.classList.contains('is-open')).toBe(false);
  });
});
