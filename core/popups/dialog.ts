import { num, type PopupSettings } from './types';
import { Modal, POPUP_FOCUS_DELAY_MS } from '../a11y/modal';
import type { Connectable } from '../handlers/base';

/** Focus moves into a popup this long after it opens (docs/behaviour.md). */
export const FOCUS_DELAY_MS = POPUP_FOCUS_DELAY_MS;
export const PREVENT_SCROLL_CLASS = 'e-popup-prevent-scroll';

export type CloseReason = 'close-button' | 'background' | 'esc' | 'automatic' | 'action' | 'dont-show-again';

export interface DialogCallbacks {
  /** Asked before closing; false keeps the popup open. */
  onClose: (reason: CloseReason) => void;
}

/** Entrance/exit animation duration in ms; the setting is in seconds. */
export function animationMs(settings: PopupSettings): number {
  return Math.max(0, num(settings.entrance_animation_duration, 1.2) * 1000);
}

/**
 * The popup's dialog: a native modal <dialog> that shows with its entrance animation, moves focus in after
 * 250 ms and keeps Tab inside (a11y_navigation) through core/a11y/modal, reveals its close button after close_button_delay, closes
 * itself after close_automatically, and on close runs its exit animation before hiding and restores focus.
 * The popup handler connects it (Handler.use): its close controls listen while connected; disconnecting closes
 * it at once, without giving focus back, and drops its timers.
 */
export class PopupDialog implements Connectable {
  private modal: Modal | null = null;
  private timers: number[] = [];
  private offs: Array<() => void> = [];
  private closing = false;

  constructor(
    readonly dialog: HTMLDialogElement,
    private settings: PopupSettings,
    private readonly callbacks: DialogCallbacks,
  ) {}

  get isOpen(): boolean {
    return this.dialog.open && !this.closing;
  }

  update(settings: PopupSettings): void {
    this.settings = settings;
  }

  private timer(fn: () => void, ms: number): void {
    this.timers.push(window.setTimeout(fn, ms));
  }

  private listen(target: EventTarget, type: string, fn: (e: Event) => void): void {
    target.addEventListener(type, fn);
    this.offs.push(() => target.removeEventListener(type, fn));
  }

  connect(): void {
    this.listen(this.dialog, 'keydown', (e) => this.isOpen && this.onKeydown(e as KeyboardEvent));
    // Other close requests (a mobile back gesture) arrive as 'cancel': same rules as Esc.
    this.listen(this.dialog, 'cancel', (e) => {
      e.preventDefault();
      if (this.isOpen && this.settings.prevent_close_on_esc_key !== 'yes') this.callbacks.onClose('esc');
    });
    this.listen(this.dialog, 'click', (e) => this.isOpen && this.onClick(e as MouseEvent));
  }

  show(): void {
    if (this.dialog.open) return;
    const s = this.settings;
    this.closing = false;
    const a11y = s.a11y_navigation !== 'no';
    // Opened before showModal, so it remembers the element to give focus back to.
    this.modal = new Modal({
      root: this.dialog,
      focusDelayMs: FOCUS_DELAY_MS,
      trap: a11y,
      initialFocus: a11y ? undefined : () => this.dialog,
    });
    this.modal.open();
    for (const cls of (s.classes ?? '').split(/\s+/).filter((c) => /^[\w-]+$/.test(c))) this.dialog.classList.add(cls);
    this.dialog.tabIndex = -1;
    this.dialog.autofocus = true; // the dialog itself takes focus first; its content after FOCUS_DELAY_MS
    this.dialog.showModal();
    this.dialog.classList.remove('e-popup--exiting');
    if (s.prevent_scroll === 'yes') document.documentElement.classList.add(PREVENT_SCROLL_CLASS);
    this.animate(s.entrance_animation, 'in');

    const closeButton = this.dialog.querySelector<HTMLElement>('.e-popup__close');
    const closeDelay = num(s.close_button_delay);
    if (closeButton && closeDelay > 0) {
      closeButton.hidden = true;
      this.timer(() => (closeButton.hidden = false), closeDelay * 1000);
    } else if (closeButton) closeButton.hidden = false;

    const auto = num(s.close_automatically);
    if (auto > 0) this.timer(() => this.callbacks.onClose('automatic'), auto * 1000);
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      e.preventDefault(); // we decide, not the browser
      if (this.settings.prevent_close_on_esc_key !== 'yes') this.callbacks.onClose('esc');
    }
  }

  private onClick(e: MouseEvent): void {
    const target = e.target as Element | null;
    if (!target) return;
    if (target.closest('.e-popup__close, .e-popup-close')) return this.callbacks.onClose('close-button');
    if (target.closest('.e-popup-dont-show-again')) return this.callbacks.onClose('dont-show-again');
    // The dialog box itself is the backdrop area around the content: a click there is a background click.
    if (target === this.dialog && this.settings.prevent_close_on_background_click !== 'yes') this.callbacks.onClose('background');
  }

  private animate(name: string | undefined, direction: 'in' | 'out'): number {
    const content = this.dialog.querySelector<HTMLElement>('.e-popup__content') ?? this.dialog;
    content.classList.remove('animated', ...[...content.classList].filter((c) => c.startsWith('e-anim-')));
    if (!name || name === 'none') return 0;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const ms = reduced ? 0 : animationMs(this.settings);
    content.style.animationDuration = `${ms}ms`;
    void content.offsetWidth; // restart the animation
    content.classList.add('animated', `e-anim-${name.replace(/[^\w-]/g, '')}`);
    return direction === 'out' ? ms : 0;
  }

  /** Runs the exit animation, then hides the dialog and restores focus. Resolves when hidden. */
  hide(): Promise<void> {
    if (!this.dialog.open || this.closing) return Promise.resolve();
    this.closing = true;
    this.timers.splice(0).forEach((id) => window.clearTimeout(id));
    this.dialog.classList.add('e-popup--exiting');
    const ms = this.animate(this.settings.exit_animation, 'out');
    return new Promise((resolve) => {
      const finish = (): void => {
        this.dialog.close();
        this.dialog.classList.remove('e-popup--exiting');
        this.closing = false;
        if (this.settings.prevent_scroll === 'yes' && !document.querySelector('dialog.e-popup[open]'))
          document.documentElement.classList.remove(PREVENT_SCROLL_CLASS);
        this.modal?.close();
        this.modal = null;
        resolve();
      };
      if (ms > 0) window.setTimeout(finish, ms);
      else finish();
    });
  }

  disconnect(): void {
    this.modal?.close({ restoreFocus: false });
    this.modal = null;
    this.timers.splice(0).forEach((id) => window.clearTimeout(id));
    this.offs.splice(0).forEach((off) => off());
    if (this.dialog.open) this.dialog.close();
  }
}
