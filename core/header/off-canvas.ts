import { OFFCANVAS_LEVEL_SPACING, OFFCANVAS_WIDTH, SWIPE_EDGE_ZONE, SWIPE_OPEN_THRESHOLD } from './constants';
import { MENU_ERRORS } from './mega-menu';
import { Modal, MODAL_FOCUS_DELAY_MS } from '../a11y/modal';
import type { Connectable } from '../handlers/base';

// Below 992px the main navigation becomes an off-canvas panel (280px wide) opened by the menu button or by
// swiping right from the 50px edge zone past 70px. Sub-levels slide in, each 40px further in. For
// logged-in visitors the reorder link closes the menu.

/** A touch that starts in the edge zone and moves right past the threshold opens the menu. */
export function swipeOpens(startX: number, currentX: number, startY = 0, currentY = 0): boolean {
  return startX <= SWIPE_EDGE_ZONE && currentX - startX > SWIPE_OPEN_THRESHOLD && Math.abs(currentY - startY) < currentX - startX;
}

export const levelOffset = (level: number): number => level * OFFCANVAS_LEVEL_SPACING;

/**
 * Connected by the header while the viewport is narrow, disconnected when it widens (Handler.use and release).
 * A navigation without a list logs the menu error and attaches nothing (`attached` false).
 */
export class OffCanvas implements Connectable {
  private connected = false;
  private cleanups: Array<() => void> = [];
  private touch: { x: number; y: number } | null = null;
  private levels: HTMLElement[] = [];
  /** Focus in after 100 ms, Tab kept inside, focus back to the menu button (core/a11y/modal). */
  private readonly modal: Modal;

  constructor(
    readonly nav: HTMLElement,
    readonly button: HTMLButtonElement,
    readonly backdrop: HTMLElement | null,
  ) {
    this.modal = new Modal({
      root: nav,
      focusDelayMs: MODAL_FOCUS_DELAY_MS,
      initialFocus: () => nav.querySelector<HTMLElement>('.off-canvas__close, a, button'),
    });
  }

  private on(target: EventTarget, type: string, fn: (e: Event) => void, options?: AddEventListenerOptions): void {
    target.addEventListener(type, fn, options);
    this.cleanups.push(() => target.removeEventListener(type, fn, options));
  }

  get isOpen(): boolean {
    return this.nav.classList.contains('is-open');
  }

  get attached(): boolean {
    return this.connected;
  }

  connect(): void {
    if (!this.nav.querySelector('ul')) {
      console.error(MENU_ERRORS.noList);
      return;
    }
    this.connected = true;
    this.nav.classList.add('off-canvas');
    this.nav.style.setProperty('--offcanvas-width', `${OFFCANVAS_WIDTH}px`);
    this.nav.setAttribute('aria-hidden', 'true');
    this.nav.inert = true;
    this.on(this.button, 'click', () => (this.isOpen ? this.close() : this.open()));
    if (this.backdrop) this.on(this.backdrop, 'click', () => this.close());
    this.on(this.nav, 'click', (e) => this.onNavClick(e));
    this.on(document, 'keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Escape' && this.isOpen) this.close();
    });
    this.on(
      document,
      'touchstart',
      (e) => {
        const t = (e as TouchEvent).touches[0];
        this.touch = t && !this.isOpen ? { x: t.clientX, y: t.clientY } : null;
      },
      { passive: true },
    );
    this.on(
      document,
      'touchmove',
      (e) => {
        const t = (e as TouchEvent).touches[0];
        if (this.touch && t && swipeOpens(this.touch.x, t.clientX, this.touch.y, t.clientY)) {
          this.touch = null;
          this.open();
        }
      },
      { passive: true },
    );
    this.on(document, 'touchend', () => (this.touch = null));
    // The edge swipe belongs to the menu: without this, the browser's own horizontal overscroll gesture can take
    // the same swipe as "back" and leave the page (a menu swipe that navigated away was seen in the phone suite).
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorX;
    root.style.overscrollBehaviorX = 'none';
    this.cleanups.push(() => (root.style.overscrollBehaviorX = before));
  }

  open(): void {
    this.reflect(true);
    this.modal.open();
  }

  close(options: { restoreFocus?: boolean } = {}): void {
    const wasOpen = this.isOpen;
    this.closeLevels(0);
    this.reflect(false);
    if (wasOpen) this.modal.close(options);
  }

  /** The open state in the page: the panel's class, ARIA and inertness, the button, the backdrop, the page lock. */
  private reflect(open: boolean): void {
    this.nav.classList.toggle('is-open', open);
    this.nav.setAttribute('aria-hidden', String(!open));
    this.nav.inert = !open;
    this.button.setAttribute('aria-expanded', String(open));
    if (this.backdrop) this.backdrop.hidden = !open;
    document.documentElement.classList.toggle('off-canvas-open', open);
  }

  /** Opens the sub-level under an item (1: departments, 2: a department's children). */
  openLevel(panel: HTMLElement | null, level: number): boolean {
    if (!panel || level < 1 || level > this.levels.length + 1) {
      console.error(MENU_ERRORS.noLevel(level));
      return false;
    }
    this.closeLevels(level - 1);
    panel.classList.add('is-level-open');
    // Each level sits inside the previous one, so its left edge is one level spacing further in.
    panel.style.left = `${levelOffset(level) - levelOffset(level - 1)}px`;
    panel.style.width = `${OFFCANVAS_WIDTH - levelOffset(level)}px`;
    panel.parentElement?.querySelector(':scope > .submenu-toggle, :scope > .level-open')?.setAttribute('aria-expanded', 'true');
    this.levels.push(panel);
    panel.querySelector<HTMLElement>('.level-close')?.focus({ preventScroll: true });
    return true;
  }

  /** Closes levels deeper than the given one. */
  closeLevels(keep: number): void {
    while (this.levels.length > keep) {
      const panel = this.levels.pop()!;
      panel.classList.remove('is-level-open');
      panel.style.left = '';
      panel.style.width = '';
      panel.parentElement?.querySelector(':scope > .submenu-toggle, :scope > .level-open')?.setAttribute('aria-expanded', 'false');
    }
  }

  get depth(): number {
    return this.levels.length;
  }

  private onNavClick(e: Event): void {
    const target = e.target as Element;
    if (target.closest('.off-canvas__close')) return this.close();
    if (target.closest('[data-reorder]')) return this.close();
    if (target.closest('.level-close')) {
      this.closeLevels(Math.max(0, this.levels.length - 1));
      return;
    }
    const toggle = target.closest<HTMLElement>('.submenu-toggle, .level-open');
    if (toggle) {
      const panel = toggle.parentElement?.querySelector<HTMLElement>(':scope > .mega-panel, :scope > .sub-menu') ?? null;
      const level = toggle.classList.contains('submenu-toggle') ? 1 : 2;
      this.openLevel(panel, level);
    }
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.close({ restoreFocus: false });
    for (const fn of this.cleanups.splice(0)) fn();
    this.nav.classList.remove('off-canvas');
    this.nav.removeAttribute('aria-hidden');
    this.nav.inert = false;
  }
}
