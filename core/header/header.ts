import { browserViewport, widthOf, type ViewportWidth } from '../config/breakpoints';
import type { RuntimeEvents } from '../events/bus';
import { Handler } from '../handlers/base';
import { STORE_READY_ATTRIBUTE } from '../store-layer/store-change-event';
import { wireAppBanner } from './app-banner';
import { BackToTop } from './back-to-top';
import {
  DEPARTMENT_RESIZE_DEBOUNCE_MS,
  MOBILE_MAX_WIDTH,
  OFFCANVAS_RESIZE_DEBOUNCE_MS,
  STORE_DROPDOWN_INIT_FALLBACK_MS,
} from './constants';
import { Dropdown } from './dropdown';
import { MegaMenu } from './mega-menu';
import type { MenuNode } from './menu-markup';
import { MobileSearch } from './mobile-search';
import { OffCanvas } from './off-canvas';
import { StickyHeader } from './sticky-header';

// The site header's behaviour (attached to [data-site-header]): desktop mega menu or mobile off-canvas
// menu (re-initialised when the width crosses 992px), sticky shrinking header, mobile search toggle,
// store dropdown, back-to-top and the app banner.

export type MenuKind = 'desktop' | 'mobile';
const menuKindOf = (viewport: ViewportWidth): MenuKind => (viewport.atMost(MOBILE_MAX_WIDTH) ? 'mobile' : 'desktop');
export const menuKindFor = (width: number): MenuKind => menuKindOf(widthOf(width));
/** The menu for the browser's viewport, asked without forcing a layout (see browserViewport). */
const currentMenuKind = (): MenuKind => menuKindOf(browserViewport());

export default class Header extends Handler {
  private kind: MenuKind = 'desktop';
  private mega: MegaMenu | null = null;
  private offCanvas: OffCanvas | null = null;
  private sticky!: StickyHeader;
  storeDropdown: Dropdown | null = null;

  get nav(): HTMLElement | null {
    return this.element.querySelector<HTMLElement>('[data-mega-menu]');
  }

  override connect(): void {
    this.initMenu(currentMenuKind());
    this.sticky = new StickyHeader(this.element);
    this.listen(window, 'scroll', () => this.sticky.update(), { passive: true });
    // A page opened scrolled (a reload, an anchor) sticks from its first frame.
    this.nextFrame(() => this.sticky.update());
    const searchToggle = this.element.querySelector<HTMLButtonElement>('.search-toggle');
    const search = this.element.querySelector<HTMLElement>('.site-search');
    if (searchToggle && search) this.use(new MobileSearch(searchToggle, search));
    // Departments re-page after 250ms; the desktop/mobile switch is checked after 500ms.
    const relayout = this.debounced(() => this.mega?.layout(), DEPARTMENT_RESIZE_DEBOUNCE_MS);
    const switchMenu = this.debounced(() => this.switchMenu(), OFFCANVAS_RESIZE_DEBOUNCE_MS);
    this.listen(window, 'resize', () => {
      relayout();
      switchMenu();
    });
    const onNav = ({ navigation }: RuntimeEvents['navigation:change']) =>
      this.mega?.rebuild(navigation.shop.children) ?? this.rebuildMobile(navigation.shop.children);
    this.bus.on('navigation:change', onNav);
    this.onCleanup(() => this.bus.off('navigation:change', onNav));

    const top = document.querySelector<HTMLElement>('.back-to-top');
    if (top) this.use(new BackToTop(top));
    if (!this.isEdit) wireAppBanner();
    this.initStoreDropdown();
  }

  get menuKind(): MenuKind {
    return this.kind;
  }

  private initMenu(kind: MenuKind): void {
    const nav = this.nav;
    this.kind = kind;
    if (!nav) return;
    if (kind === 'desktop') {
      const mega = this.use(new MegaMenu(nav));
      this.mega = mega.attached ? mega : null;
    } else {
      const button = this.element.querySelector<HTMLButtonElement>('.menu-toggle');
      if (!button) return;
      const offCanvas = this.use(new OffCanvas(nav, button, document.querySelector<HTMLElement>('.off-canvas-backdrop')));
      this.offCanvas = offCanvas.attached ? offCanvas : null;
    }
    this.element.dataset.menu = kind;
  }

  private releaseMenu(): void {
    if (this.mega) this.release(this.mega);
    if (this.offCanvas) this.release(this.offCanvas);
    this.mega = null;
    this.offCanvas = null;
  }

  private rebuildMobile(departments: MenuNode[]): void {
    // Same markup in both modes: rebuild with a temporary desktop builder, then keep the off-canvas.
    const nav = this.nav;
    if (nav) new MegaMenu(nav).rebuild(departments);
  }

  private switchMenu(): void {
    const next = currentMenuKind();
    if (next === this.kind) return;
    this.releaseMenu();
    this.initMenu(next);
  }

  /** The "My Store" dropdown starts when the store layer is ready, or after the fallback delay. */
  private initStoreDropdown(): void {
    const toggle = this.element.querySelector<HTMLElement>('.store-dropdown__toggle');
    const panel = this.element.querySelector<HTMLElement>('.store-dropdown__panel');
    if (!toggle || !panel) return;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      const dropdown = (this.storeDropdown = new Dropdown(toggle, panel));
      this.listen(toggle, 'click', () => dropdown.toggleOpen());
      this.listen(document, 'click', (e) => {
        if (dropdown.isOpen && !toggle.contains(e.target as Node) && !panel.contains(e.target as Node)) dropdown.close();
      });
      // A link followed inside the panel may stay on this page (the shop's "Change store" is a hash route): close.
      this.listen(panel, 'click', (e) => {
        if ((e.target as Element).closest?.('a[href]')) dropdown.close();
      });
      this.listen(document, 'keydown', (e) => {
        if ((e as KeyboardEvent).key !== 'Escape' || !dropdown.isOpen) return;
        const inside = panel.contains(document.activeElement) || toggle === document.activeElement;
        dropdown.close();
        if (inside) toggle.focus();
      });
      const loading = ({ active }: { active: boolean }) => (active ? dropdown.startLoading() : dropdown.stopLoading());
      this.bus.on('store:loading', loading);
      this.onCleanup(() => this.bus.off('store:loading', loading));
    };
    // The store layer may have been ready before this header connected: its event is then gone, not its mark.
    if (document.documentElement.hasAttribute(STORE_READY_ATTRIBUTE)) {
      start();
      return;
    }
    this.bus.on('store:ready', start);
    this.onCleanup(() => this.bus.off('store:ready', start));
    this.setTimer(start, STORE_DROPDOWN_INIT_FALLBACK_MS);
  }

  override disconnect(): void {
    this.mega = null;
    this.offCanvas = null;
    super.disconnect();
  }
}
