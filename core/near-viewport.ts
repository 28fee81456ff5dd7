// One IntersectionObserver for the whole runtime: handlers of widgets far down the page (counters, accordions,
// motion…) connect only when their element comes near the viewport, so boot does not pay for 500 elements the
// visitor has not reached. Focus moving into a waiting element connects it at once: a keyboard user who tabs
// to an offscreen accordion gets its keys handled before the next frame.

/** How far ahead of the viewport an element counts as near (it connects before it scrolls into view). */
export const NEAR_MARGIN = '400px 0px';

export class NearViewport {
  private readonly observer: IntersectionObserver;
  private readonly waiting = new Map<Element, Array<() => void>>();

  constructor(private readonly root: Document = document) {
    this.observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) this.release(entry.target);
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    root.addEventListener('focusin', this.onFocus, true);
  }

  /** Only where the browser can tell (not in jsdom or very old browsers) and not in the editor. */
  static supported(): boolean {
    return typeof IntersectionObserver === 'function';
  }

  /** Resolves once the element is near the viewport or holds the focus; never for one that never is. */
  watch(element: Element): Promise<void> {
    return new Promise((near) => {
      const list = this.waiting.get(element);
      if (list) list.push(near);
      else {
        this.waiting.set(element, [near]);
        this.observer.observe(element);
      }
    });
  }

  /** Elements removed from the page stop being watched (their handlers never connect). */
  forgetDisconnected(): void {
    for (const element of [...this.waiting.keys()])
      if (!element.isConnected) {
        this.observer.unobserve(element);
        // Settled as "near" so the runtime's connect runs, finds the element gone and lets a later scan attach it.
        for (const near of this.waiting.get(element) ?? []) near();
        this.waiting.delete(element);
      }
  }

  disconnect(): void {
    this.observer.disconnect();
    this.waiting.clear();
    this.root.removeEventListener('focusin', this.onFocus, true);
  }

  private release(element: Element): void {
    const list = this.waiting.get(element);
    if (!list) return;
    this.waiting.delete(element);
    this.observer.unobserve(element);
    for (const near of list) near();
  }

  private readonly onFocus = (event: Event): void => {
    const target = event.target;
    if (!(target instanceof Node)) return;
    for (const element of [...this.waiting.keys()]) if (element.contains(target)) this.release(element);
  };
}
