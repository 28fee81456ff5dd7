import type { Connectable } from '../handlers/base';
import { BACK_TO_TOP_HIDE_MS, BACK_TO_TOP_SCROLL_MS, BACK_TO_TOP_THRESHOLD } from './constants';

// Back-to-top (docs/behaviour.md): appears once scrolled past 200px, hides 3000ms after scrolling stops, and
// scrolls to the top in 600ms (instantly when reduced motion is preferred).

export const easeInOut = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);

export class BackToTop implements Connectable {
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private frame = 0;

  constructor(
    readonly button: HTMLElement,
    private readonly win: Window = window,
  ) {}

  private readonly onClick = (e: Event): void => {
    e.preventDefault();
    this.scrollToTop();
  };
  private readonly onScrollEvent = (): void => this.onScroll();

  connect(): void {
    this.win.addEventListener('scroll', this.onScrollEvent, { passive: true });
    this.button.addEventListener('click', this.onClick);
  }

  disconnect(): void {
    this.win.removeEventListener('scroll', this.onScrollEvent);
    this.button.removeEventListener('click', this.onClick);
    clearTimeout(this.hideTimer);
    cancelAnimationFrame(this.frame);
  }

  onScroll(): void {
    const past = this.win.scrollY > BACK_TO_TOP_THRESHOLD;
    this.setVisible(past);
    clearTimeout(this.hideTimer);
    if (past) this.hideTimer = setTimeout(() => this.setVisible(false), BACK_TO_TOP_HIDE_MS);
  }

  private setVisible(visible: boolean): void {
    this.button.classList.toggle('is-visible', visible);
    this.button.setAttribute('aria-hidden', visible ? 'false' : 'true');
    this.button.tabIndex = visible ? 0 : -1;
  }

  scrollToTop(duration = BACK_TO_TOP_SCROLL_MS): void {
    const from = this.win.scrollY;
    const reduced = this.win.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced || duration <= 0 || from <= 0) {
      this.win.scrollTo(0, 0);
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      this.win.scrollTo(0, Math.round(from * (1 - easeInOut(t))));
      if (t < 1) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
    (document.getElementById('content') ?? document.body).focus?.({ preventScroll: true });
  }
}
