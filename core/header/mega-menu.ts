import type { Connectable } from '../handlers/base';
import { DEPARTMENT_ANIMATION_MS, DEPARTMENT_PAGE_SIZE, SUBMENU_DELAY_MS } from './constants';
import { departmentsHtml, panelClass, readMenuMode, type MenuMode, type MenuNode } from './menu-markup';

// Desktop department mega menu: the Shop item opens the panel; in one-column mode department sub-menus fly
// out and close 800ms after the pointer leaves; in four-column mode arrows page 4 departments at a time.

/** The next first-visible department index after paging in a direction, kept within the list. */
export function pageOffset(offset: number, direction: -1 | 1, total: number, pageSize = DEPARTMENT_PAGE_SIZE): number {
  const last = Math.max(0, total - pageSize);
  return Math.min(last, Math.max(0, offset + direction * pageSize));
}

/**
 * How far to move a panel left so it stays inside the viewport (a margin from the right edge), never past
 * the viewport's left edge. 0 when it fits.
 */
export function viewportShift(left: number, width: number, viewportWidth: number, margin = 8): number {
  const overflow = left + width - (viewportWidth - margin);
  if (overflow <= 0) return 0;
  return -Math.min(overflow, Math.max(0, left - margin));
}

/** Links and buttons of the open panel a visitor can reach with the arrow keys, in order. */
export function reachable(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>('.department > a, .department.is-open > .sub-menu a')].filter(
    (el) => !el.closest('.level-back'),
  );
}

export const MENU_ERRORS = {
  noList: 'Menu: the navigation has no list.',
  noLevel: (level: number) => `Menu: level ${level} does not exist.`,
  removed: 'Menu: cannot update, the original navigation was removed.',
};

/** The next top-level menu item's link after `item`, or null at the end of the menu. */
function nextTopLevel(item: HTMLElement): HTMLElement | null {
  for (let el = item.nextElementSibling; el; el = el.nextElementSibling) {
    const target = el.querySelector<HTMLElement>('a[href], button:not([disabled])');
    if (target) return target;
  }
  return null;
}

/**
 * Connected by the header while the viewport is desktop-wide, disconnected when it narrows (Handler.use and
 * release). A navigation without a list logs the menu error and attaches nothing (`attached` false).
 */
export class MegaMenu implements Connectable {
  private offset = 0;
  private connected = false;
  private closeTimers = new Map<Element, ReturnType<typeof setTimeout>>();
  private cleanups: Array<() => void> = [];
  readonly mode: MenuMode;

  constructor(readonly nav: HTMLElement) {
    this.mode = readMenuMode(nav.dataset.menuMode);
  }

  get panel(): HTMLElement | null {
    return this.nav.querySelector<HTMLElement>('.mega-panel');
  }

  private on(target: EventTarget, type: string, fn: (e: Event) => void): void {
    target.addEventListener(type, fn);
    this.cleanups.push(() => target.removeEventListener(type, fn));
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
    this.nav.classList.add('is-desktop-menu');
    const item = this.nav.querySelector<HTMLElement>('.has-mega');
    const toggle = item?.querySelector<HTMLButtonElement>(':scope > .submenu-toggle');
    if (item && toggle) {
      this.on(toggle, 'click', () => this.setOpen(item, !item.classList.contains('is-open')));
      this.on(item, 'mouseenter', () => this.hoverIn(item));
      this.on(item, 'mouseleave', () => this.hoverOut(item));
      this.on(item, 'keydown', (e) => this.onKeydown(e as KeyboardEvent, item, toggle));
      // Focus leaving the Shop item (Tab past it, a click elsewhere) closes the menu.
      this.on(item, 'focusout', (e) => {
        const to = (e as FocusEvent).relatedTarget as Node | null;
        if (to && item.contains(to)) return;
        this.close(item);
      });
    }
    this.on(this.nav, 'mouseover', (e) => {
      const dep = (e.target as Element).closest?.('.department');
      if (dep && this.mode === 0) this.hoverIn(dep);
    });
    this.on(this.nav, 'mouseout', (e) => {
      const dep = (e.target as Element).closest?.('.department');
      const to = (e as MouseEvent).relatedTarget as Node | null;
      if (dep && this.mode === 0 && !(to && dep.contains(to))) this.hoverOut(dep);
    });
    this.on(this.nav, 'click', (e) => {
      const arrow = (e.target as Element).closest?.('.mega-arrow');
      if (arrow) this.page(arrow.classList.contains('mega-arrow--prev') ? -1 : 1);
    });
    this.on(window, 'resize', () => this.fitPanel());
    this.on(this.nav, 'focusin', (e) => {
      const dep = (e.target as Element).closest?.<HTMLElement>('.departments > .department');
      if (dep && this.mode === 2) this.showFocused(dep);
    });
    this.layout();
  }

  /** Pointer hover shows a menu (is-hover) apart from the click/keyboard state (is-open, aria-expanded). */
  private hoverIn(el: Element): void {
    clearTimeout(this.closeTimers.get(el));
    el.classList.add('is-hover');
  }

  /** Sub-menus stay open for the sub-menu delay after the pointer leaves. */
  private hoverOut(el: Element): void {
    clearTimeout(this.closeTimers.get(el));
    this.closeTimers.set(
      el,
      setTimeout(() => el.classList.remove('is-hover'), SUBMENU_DELAY_MS),
    );
  }

  setOpen(el: Element, open: boolean): void {
    el.classList.toggle('is-open', open);
    el.querySelector(':scope > .submenu-toggle, :scope > .level-open')?.setAttribute('aria-expanded', String(open));
    if (open && el.classList.contains('has-mega')) this.fitPanel();
  }

  /** Closes the menu and every department sub-menu in it. */
  private close(item: Element): void {
    item.querySelectorAll('.department.is-open').forEach((dep) => this.setOpen(dep, false));
    item.classList.remove('is-hover');
    this.setOpen(item, false);
  }

  /** Keeps the open panel inside the viewport (four columns under a Shop item far right ran off the edge). */
  fitPanel(): void {
    const panel = this.panel;
    if (!panel) return;
    panel.style.marginLeft = '';
    const rect = panel.getBoundingClientRect();
    const shift = viewportShift(rect.left, rect.width, document.documentElement.clientWidth || window.innerWidth);
    if (shift) panel.style.marginLeft = `${shift}px`;
  }

  /**
   * Keyboard: the panel is one stop in the Tab order. Arrows move inside it (Right opens a department's
   * sub-departments, Left goes back), Tab leaves it for the next header item and Shift+Tab returns to the
   * Shop button, both closing it; Esc closes it and returns to the button.
   */
  private onKeydown(e: KeyboardEvent, item: HTMLElement, toggle: HTMLButtonElement): void {
    const panel = this.panel;
    const inPanel = !!panel && panel.contains(e.target as Node);
    if (e.key === 'Escape') {
      this.close(item);
      toggle.focus();
      return;
    }
    if (e.key === 'ArrowDown' && e.target === toggle) {
      e.preventDefault();
      if (!item.classList.contains('is-open')) this.setOpen(item, true);
      if (panel) reachable(panel)[0]?.focus();
      return;
    }
    if (!inPanel || !panel) return;
    const active = e.target as HTMLElement;
    const items = reachable(panel);
    const index = items.indexOf(active);
    const department = active.closest<HTMLElement>('.department');
    if (e.key === 'Tab') {
      const target = e.shiftKey ? toggle : nextTopLevel(item);
      this.close(item);
      if (target) {
        e.preventDefault();
        target.focus();
      } // at the end of the menu the browser's own Tab order continues
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (e.key === 'ArrowRight' && department?.classList.contains('has-children') && active.parentElement === department) {
      e.preventDefault();
      this.setOpen(department, true);
      department.querySelector<HTMLElement>('.sub-menu li:not(.level-back) a')?.focus();
    } else if (e.key === 'ArrowLeft' && department && active.closest('.sub-menu')) {
      e.preventDefault();
      this.setOpen(department, false);
      department.querySelector<HTMLElement>(':scope > a')?.focus();
    }
  }

  get departmentCount(): number {
    return this.nav.querySelectorAll('.departments > .department').length;
  }

  page(direction: -1 | 1): void {
    if (this.mode !== 2) return;
    this.offset = pageOffset(this.offset, direction, this.departmentCount);
    this.layout();
  }

  /** Four-column mode: position the strip on the current page (also after a debounced resize). */
  layout(): void {
    if (this.mode !== 2) return;
    const list = this.nav.querySelector<HTMLElement>('.departments');
    if (!list) return;
    this.offset = Math.min(this.offset, Math.max(0, this.departmentCount - DEPARTMENT_PAGE_SIZE));
    list.style.transition = `transform ${DEPARTMENT_ANIMATION_MS}ms ease`;
    list.style.transform = `translateX(-${(this.offset * 100) / DEPARTMENT_PAGE_SIZE}%)`;
    const prev = this.nav.querySelector<HTMLButtonElement>('.mega-arrow--prev');
    const next = this.nav.querySelector<HTMLButtonElement>('.mega-arrow--next');
    if (prev) prev.disabled = this.offset === 0;
    if (next) next.disabled = this.offset + DEPARTMENT_PAGE_SIZE >= this.departmentCount;
  }

  /** Four-column mode: show the page holding a department that keyboard focus reached. */
  private showFocused(dep: HTMLElement): void {
    const index = [...this.nav.querySelectorAll('.departments > .department')].indexOf(dep);
    if (index < 0) return;
    const pageStart = Math.floor(index / DEPARTMENT_PAGE_SIZE) * DEPARTMENT_PAGE_SIZE;
    if (pageStart === this.offset) return;
    this.offset = pageStart;
    this.layout();
  }

  /** Rebuilds the departments from the store's navigation (shop branch). */
  rebuild(departments: MenuNode[]): boolean {
    if (!this.nav.isConnected) {
      console.error(MENU_ERRORS.removed);
      return false;
    }
    const panel = this.panel;
    if (!panel) {
      console.error(MENU_ERRORS.noList);
      return false;
    }
    panel.className = panelClass(this.mode, departments.length);
    panel.innerHTML = departmentsHtml(departments, this.mode);
    this.offset = 0;
    this.layout();
    return true;
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    for (const t of this.closeTimers.values()) clearTimeout(t);
    this.closeTimers.clear();
    for (const fn of this.cleanups.splice(0)) fn();
    this.nav.classList.remove('is-desktop-menu');
    this.nav.querySelectorAll('.is-open').forEach((el) => this.setOpen(el, false));
    this.nav.querySelectorAll('.is-hover').forEach((el) => el.classList.remove('is-hover'));
    const list = this.nav.querySelector<HTMLElement>('.departments');
    if (list) list.style.transform = '';
  }
}
