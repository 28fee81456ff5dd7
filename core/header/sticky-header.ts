// The header shrinks and sticks once the page is scrolled past the banners plus the top header (docs/behaviour.md).

export const stickyThreshold = (bannerHeight: number, topHeaderHeight: number): number => bannerHeight + topHeaderHeight;
export const shouldStick = (scrollY: number, threshold: number): boolean => scrollY > threshold;

/**
 * The height the stuck header covers at the top of the viewport, as a custom property on <html>: sticky elements
 * (core/handlers/sticky) stick below it instead of under it. 0px while the header is in the flow.
 */
export const STUCK_HEADER_PROPERTY = '--site-header-stuck';

/**
 * What the site header covers at the top once the page scrolls (an anchor jump always scrolls): its main bar's
 * height, stuck or about to stick (a little more before it shrinks). 0 on a page without the site header.
 */
export function siteHeaderCover(doc: Document = document): number {
  return doc.querySelector<HTMLElement>('[data-site-header] .main-header')?.getBoundingClientRect().height ?? 0;
}

/** The stuck header's height as the property says (no layout read). */
export function stuckHeaderHeight(doc: Document = document): number {
  const value = parseFloat(doc.documentElement.style.getPropertyValue(STUCK_HEADER_PROPERTY));
  return Number.isFinite(value) ? value : 0;
}

export class StickyHeader {
  private sticky = false;

  constructor(
    readonly header: HTMLElement,
    private readonly win: Window = window,
  ) {}

  private threshold(): number {
    const banners = [...document.querySelectorAll<HTMLElement>('[data-site-banner]:not([hidden]), .app-banner')].reduce(
      (sum, el) => sum + el.offsetHeight,
      0,
    );
    const top = this.header.querySelector<HTMLElement>('.top-header')?.offsetHeight ?? 0;
    return stickyThreshold(banners, top);
  }

  update(): void {
    // At the top of the page nothing sticks, whatever the banners measure: no layout is read (boot, mostly).
    const y = this.win.scrollY;
    const next = y > 0 && shouldStick(y, this.threshold());
    if (next === this.sticky) return;
    this.sticky = next;
    const main = this.header.querySelector<HTMLElement>('.main-header');
    // Keep the page from jumping while the main header leaves the flow.
    this.header.style.minHeight = next ? `${this.header.offsetHeight}px` : '';
    this.header.classList.toggle('is-sticky', next);
    this.header.classList.toggle('is-shrunk', next);
    main?.classList.toggle('is-sticky', next);
    // Read once per change, after the classes: the fixed, shrunk main header is what covers the viewport's top.
    document.documentElement.style.setProperty(STUCK_HEADER_PROPERTY, `${next ? (main?.offsetHeight ?? 0) : 0}px`);
  }

  get isSticky(): boolean {
    return this.sticky;
  }
}
