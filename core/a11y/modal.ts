// One modal behaviour for the popup dialog, the off-canvas widget and the header's off-canvas menu: focus
// moves in after a delay (docs/behaviour.md) (250 ms for popups, 100 ms for other modals, so the entrance animation
// has started and screen readers announce the opened region first), Tab and Shift+Tab stay inside, and
// focus returns to where it was when the modal closes.

/** Focus shifts into a popup this long after it opens. */
export const POPUP_FOCUS_DELAY_MS = 250;
/** Focus shifts into any other modal (off-canvas panels) this long after it opens. */
export const MODAL_FOCUS_DELAY_MS = 100;

/** What takes keyboard focus inside a modal. */
export const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Elements inside `root` that take keyboard focus, in order, skipping hidden and inert ones. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert], [aria-hidden="true"]'));
}

/** Where Tab (or Shift+Tab) from `active` goes inside a modal whose focusable elements are `items`; null: let it be. */
export function wrapTarget<T>(items: readonly T[], active: T | null, backwards: boolean, inside: boolean): T | null {
  if (!items.length) return null;
  const first = items[0];
  const last = items[items.length - 1];
  if (backwards && (active === first || !inside)) return last;
  if (!backwards && (active === last || !inside)) return first;
  return null;
}

export interface ModalOptions {
  /** The element focus stays inside (the dialog or panel). */
  root: HTMLElement;
  /** POPUP_FOCUS_DELAY_MS or MODAL_FOCUS_DELAY_MS. */
  focusDelayMs: number;
  /** What to focus after the delay; default the first focusable element, else the root. */
  initialFocus?: () => HTMLElement | null | undefined;
  /** Keep Tab inside (popups: the a11y_navigation setting). Default true. */
  trap?: boolean;
}

/** Focus handling of one modal; open() and close() are called by the component that shows and hides it. */
export class Modal {
  private returnTo: HTMLElement | null = null;
  private timer: number | undefined;
  private open_ = false;
  private readonly onKeydown = (e: KeyboardEvent): void => {
    if (e.key !== 'Tab' || !this.open_ || this.options.trap === false) return;
    const { root } = this.options;
    const items = focusables(root);
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!items.length) {
      e.preventDefault();
      root.focus();
      return;
    }
    const target = wrapTarget(items, active, e.shiftKey, !!active && root.contains(active) && active !== root);
    if (target || (active === root && e.shiftKey)) {
      e.preventDefault();
      (target ?? items[items.length - 1]).focus();
    }
  };

  constructor(private readonly options: ModalOptions) {}

  get isOpen(): boolean {
    return this.open_;
  }

  open(): void {
    if (this.open_) return;
    this.open_ = true;
    const active = document.activeElement;
    this.returnTo = active instanceof HTMLElement && active !== document.body ? active : null;
    // Capture phase on the document: Tab is kept inside wherever focus is (the page behind included).
    document.addEventListener('keydown', this.onKeydown, true);
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      if (!this.open_) return;
      const { root, initialFocus } = this.options;
      const target = initialFocus?.() ?? focusables(root)[0] ?? root;
      if (target === root && !root.hasAttribute('tabindex')) root.tabIndex = -1;
      target.focus({ preventScroll: true });
    }, this.options.focusDelayMs);
  }

  /** Stops the trap and gives focus back (unless focus already moved somewhere else on purpose). */
  close(options: { restoreFocus?: boolean } = {}): void {
    if (!this.open_) return;
    this.open_ = false;
    window.clearTimeout(this.timer);
    document.removeEventListener('keydown', this.onKeydown, true);
    const returnTo = this.returnTo;
    this.returnTo = null;
    const active = document.activeElement;
    const focusLost = !active || active === document.body || this.options.root.contains(active);
    if (options.restoreFocus !== false && focusLost && returnTo?.isConnected) returnTo.focus({ preventScroll: true });
  }
}
