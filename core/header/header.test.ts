// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appBannerLink, platformOf, wireAppBanner } from './app-banner';
import { BackToTop } from './back-to-top';
import * as C from './constants';
import { Dropdown } from './dropdown';
import { menuKindFor } from './header';
import { MegaMenu, MENU_ERRORS, pageOffset, viewportShift } from './mega-menu';
import { departmentsHtml, isScrollable, panelClass, readMenuMode, visibleChildren, type MenuNode } from './menu-markup';
import { levelOffset, OffCanvas, swipeOpens } from './off-canvas';
import { shouldStick, StickyHeader, stickyThreshold } from './sticky-header';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const IPAD_MOBILE = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const site = {
  iosLink: 'https://apps.apple.com/app/id1',
  androidLink: 'https://play.google.com/store/apps/details?id=x',
  primaryColor: '#2f6b3a',
  name: 'Harvest Lane Market',
};

const dept = (i: number, children = 0): MenuNode => ({
  id: `d${i}`,
  title: `Dept ${i}`,
  url: `/shop#!/?department=${i}`,
  children: Array.from({ length: children }, (_, j) => ({
    id: `c${i}-${j}`,
    title: `Child ${j}`,
    url: `/shop#!/?department=${i}${j}`,
    children: [],
  })),
});

describe('header constants', () => {
  it('are the spec values', () => {
    expect([
      C.MOBILE_MAX_WIDTH,
      C.SCROLLABLE_AFTER_DEPARTMENTS,
      C.MORE_LINK_AFTER_CHILDREN,
      C.DEPARTMENT_PAGE_SIZE,
      C.DEPARTMENT_ANIMATION_MS,
      C.DEPARTMENT_RESIZE_DEBOUNCE_MS,
      C.SUBMENU_DELAY_MS,
    ]).toEqual([991, 10, 5, 4, 300, 250, 800]);
    expect([
      C.OFFCANVAS_WIDTH,
      C.OFFCANVAS_LEVEL_SPACING,
      C.SWIPE_OPEN_THRESHOLD,
      C.SWIPE_EDGE_ZONE,
      C.OFFCANVAS_RESIZE_DEBOUNCE_MS,
    ]).toEqual([280, 40, 70, 50, 500]);
    expect([C.BACK_TO_TOP_THRESHOLD, C.BACK_TO_TOP_SCROLL_MS, C.BACK_TO_TOP_HIDE_MS, C.STORE_DROPDOWN_INIT_FALLBACK_MS]).toEqual([
      200, 600, 3000, 1000,
    ]);
  });
});

describe('header modes and breakpoints', () => {
  it.each([
    [320, 'mobile'],
    [991, 'mobile'],
    [992, 'desktop'],
    [1440, 'desktop'],
  ] as const)('%i px → %s', (w, kind) => expect(menuKindFor(w)).toBe(kind));

  it('menu setting 0/1/2 → one, three or four columns; scrollable after more than 10 departments', () => {
    expect([readMenuMode('0'), readMenuMode(1), readMenuMode('2'), readMenuMode('x')]).toEqual([0, 1, 2, 1]);
    expect(panelClass(0, 3)).toBe('mega-panel mega-panel--cols-1');
    expect(panelClass(1, 11)).toBe('mega-panel mega-panel--cols-3 is-scrollable');
    expect(panelClass(1, 10)).toBe('mega-panel mega-panel--cols-3');
    expect(panelClass(2, 14)).toBe('mega-panel mega-panel--cols-4');
    expect([isScrollable(10), isScrollable(11)]).toEqual([false, true]);
  });

  it("shows 'more...' when a department has more than 5 children", () => {
    expect(visibleChildren([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3, 4, 5], more: false });
    expect(visibleChildren([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4, 5], more: true });
    const html = departmentsHtml([dept(1, 6), dept(2, 5)], 1);
    document.body.innerHTML = html;
    expect(document.querySelectorAll('[data-id="d1"] .sub-menu a').length).toBe(6);
    expect(document.querySelector('[data-id="d1"] .more a')!.textContent).toBe('more... Dept 1');
    expect(document.querySelector('[data-id="d2"] .more')).toBeNull();
    expect(departmentsHtml([{ id: 'x', title: '<b>', url: 'javascript:alert(1)', children: [] }], 0)).toContain('href="#">&#60;b&#62;');
  });

  /** A four-column (mode 2) mega menu of nine departments: more than one page of the strip. */
  function fourColumnMenu(): MegaMenu {
    document.body.innerHTML = `<nav data-mega-menu data-menu-mode="2"><ul class="menu"><li class="has-mega"><a href="/shop">Shop</a><button class="submenu-toggle"></button><div class="${panelClass(2, 9)}">${departmentsHtml(
      Array.from({ length: 9 }, (_, i) => dept(i)),
      2,
    )}</div></li></ul></nav>`;
    const menu = new MegaMenu(document.querySelector('nav')!);
    menu.connect();
    return menu;
  }

  it('four-column arrows page 4 at a time within the list', () => {
    expect(pageOffset(0, 1, 14)).toBe(4);
    expect(pageOffset(8, 1, 14)).toBe(10);
    expect(pageOffset(10, 1, 14)).toBe(10);
    expect(pageOffset(4, -1, 14)).toBe(0);
    expect(pageOffset(0, 1, 3)).toBe(0);
  });

  it('four-column mode moves the strip with a 300ms animation and disables arrows at the ends', () => {
    const menu = fourColumnMenu();
    const list = document.querySelector<HTMLElement>('.departments')!;
    const next = document.querySelector<HTMLButtonElement>('.mega-arrow--next')!;
    const prev = document.querySelector<HTMLButtonElement>('.mega-arrow--prev')!;
    expect(prev.disabled).toBe(true);
    next.click();
    expect(list.style.transform).toBe('translateX(-100%)');
    expect(list.style.transition).toBe('transform 300ms ease');
    next.click();
    expect(list.style.transform).toBe('translateX(-125%)');
    expect(next.disabled).toBe(true);
    prev.click();
    expect(list.style.transform).toBe('translateX(-25%)');
    menu.disconnect();
  });

  it.each([0, 1, 2] as const)('keyboard in mode %i: arrows reach a sub-department, one Tab leaves and closes the menu', (mode) => {
    document.body.innerHTML = `<nav data-mega-menu data-menu-mode="${mode}"><ul class="menu"><li class="has-mega"><a href="/shop">Shop</a><button class="submenu-toggle" aria-expanded="false"></button><div class="${panelClass(mode, 12)}">${departmentsHtml(
      Array.from({ length: 12 }, (_, i) => dept(i, 3)),
      mode,
    )}</div></li><li><a id="recipes" href="/recipes">Recipes</a></li></ul></nav>`;
    const menu = new MegaMenu(document.querySelector('nav')!);
    menu.connect();
    const item = document.querySelector<HTMLElement>('.has-mega')!;
    const toggle = document.querySelector<HTMLButtonElement>('.submenu-toggle')!;
    const key = (key: string, shiftKey = false) => {
      const e = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
      (document.activeElement ?? document.body).dispatchEvent(e);
      return e;
    };
    toggle.focus();
    key('ArrowDown');
    expect(item.classList.contains('is-open')).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Dept 0');
    key('ArrowDown');
    expect(document.activeElement?.textContent).toBe('Dept 1');
    key('ArrowRight');
    expect(document.activeElement?.textContent).toBe('Child 0');
    expect(document.querySelectorAll('.department')[1].classList.contains('is-open')).toBe(true);
    key('ArrowDown');
    expect(document.activeElement?.textContent).toBe('Child 1');
    key('ArrowLeft');
    expect(document.activeElement?.textContent).toBe('Dept 1');
    key('ArrowRight');
    // One Tab from a sub-department leaves the menu for the next header item, and the menu closes.
    expect(key('Tab').defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('recipes');
    expect(item.classList.contains('is-open')).toBe(false);
    expect(document.querySelectorAll('.department.is-open')).toHaveLength(0);
    // Shift+Tab from inside returns to the Shop button; focus leaving any other way closes it too.
    toggle.click();
    toggle.focus();
    key('ArrowDown');
    key('Tab', true);
    expect(document.activeElement).toBe(toggle);
    expect(item.classList.contains('is-open')).toBe(false);
    toggle.click();
    expect(item.classList.contains('is-open')).toBe(true);
    toggle.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.getElementById('recipes') }));
    expect(item.classList.contains('is-open')).toBe(false);
    menu.disconnect();
  });

  it('four-column mode shows the page of the department keyboard focus reaches', () => {
    const menu = fourColumnMenu();
    document.querySelectorAll<HTMLElement>('.department > a')[5].focus();
    expect(document.querySelector<HTMLElement>('.departments')!.style.transform).toBe('translateX(-100%)');
    menu.disconnect();
  });

  it('keeps the panel inside the viewport', () => {
    expect(viewportShift(100, 500, 1366)).toBe(0);
    expect(viewportShift(600, 980, 1366)).toBe(-222);
    expect(viewportShift(20, 1500, 1366)).toBe(-12); // never past the left edge
  });

  it('one-column sub-menus close 800ms after the pointer leaves', () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<nav data-mega-menu data-menu-mode="0"><ul class="menu"><li class="has-mega"><a href="/shop">Shop</a><button class="submenu-toggle"></button><div class="mega-panel">${departmentsHtml([dept(1, 2)], 0)}</div></li></ul></nav><p id="out">x</p>`;
    const menu = new MegaMenu(document.querySelector('nav')!);
    menu.connect();
    const d = document.querySelector('.department')!;
    d.querySelector('a')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(d.classList.contains('is-hover')).toBe(true);
    d.querySelector('a')!.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.getElementById('out') }));
    vi.advanceTimersByTime(799);
    expect(d.classList.contains('is-hover')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(d.classList.contains('is-hover')).toBe(false);
    vi.useRealTimers();
  });

  it('rebuilds from the navigation and logs the menu errors', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = `<nav data-mega-menu data-menu-mode="1"><ul class="menu"><li class="has-mega"><div class="mega-panel"></div></li></ul></nav>`;
    const nav = document.querySelector('nav')!;
    const menu = new MegaMenu(nav);
    expect(menu.rebuild(Array.from({ length: 12 }, (_, i) => dept(i)))).toBe(true);
    expect(nav.querySelectorAll('.department')).toHaveLength(12);
    expect(nav.querySelector('.mega-panel')!.classList.contains('is-scrollable')).toBe(true);
    nav.remove();
    expect(menu.rebuild([])).toBe(false);
    expect(error).toHaveBeenCalledWith(MENU_ERRORS.removed);
    document.body.innerHTML = '<nav data-mega-menu></nav>';
    const listless = new MegaMenu(document.querySelector('nav')!);
    listless.connect();
    expect(listless.attached).toBe(false);
    expect(document.querySelector('nav')!.classList.contains('is-desktop-menu')).toBe(false);
    expect(error).toHaveBeenCalledWith(MENU_ERRORS.noList);
    error.mockRestore();
  });
});

describe('off-canvas menu', () => {
  it('opens on a swipe from the 50px edge zone past 70px', () => {
    expect(swipeOpens(10, 81)).toBe(true);
    expect(swipeOpens(10, 80)).toBe(false);
    expect(swipeOpens(50, 121)).toBe(true);
    expect(swipeOpens(51, 200)).toBe(false);
    expect(swipeOpens(10, 100, 0, 200)).toBe(false); // mostly vertical: a scroll
    expect([levelOffset(1), levelOffset(2)]).toEqual([40, 80]);
  });

  function build(): OffCanvas {
    document.body.innerHTML = `<button class="menu-toggle" aria-expanded="false">Menu</button><nav data-mega-menu><div class="off-canvas__head"><button class="off-canvas__close">×</button></div><ul class="menu"><li class="has-mega"><a href="/shop">Shop</a><button class="submenu-toggle"></button><div class="mega-panel">${departmentsHtml([dept(1, 3)], 1)}</div></li><li><a data-reorder href="/shop#!/orders">Reorder</a></li></ul></nav><div class="off-canvas-backdrop" hidden></div>`;
    const oc = new OffCanvas(
      document.querySelector('nav')!,
      document.querySelector('.menu-toggle')!,
      document.querySelector('.off-canvas-backdrop'),
    );
    oc.connect();
    return oc;
  }

  it('opens and closes by the button, levels open 40px apart, and the reorder link closes it', () => {
    const oc = build();
    const button = document.querySelector<HTMLButtonElement>('.menu-toggle')!;
    button.click();
    expect(oc.isOpen).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector<HTMLElement>('.off-canvas-backdrop')!.hidden).toBe(false);
    const nav = document.querySelector('nav')!;
    expect([nav.classList.contains('is-open'), nav.getAttribute('aria-hidden'), nav.inert]).toEqual([true, 'false', false]);
    expect(document.documentElement.classList.contains('off-canvas-open')).toBe(true);
    document.querySelector<HTMLButtonElement>('.submenu-toggle')!.click();
    const panel = document.querySelector<HTMLElement>('.mega-panel')!;
    expect(panel.classList.contains('is-level-open')).toBe(true);
    expect(panel.style.width).toBe('240px');
    document.querySelector<HTMLButtonElement>('.department .level-open')!.click();
    expect(oc.depth).toBe(2);
    expect(document.querySelector<HTMLElement>('.department .sub-menu')!.style.width).toBe('200px');
    document.querySelector<HTMLButtonElement>('.department .level-close')!.click();
    expect(oc.depth).toBe(1);
    document
      .querySelector<HTMLAnchorElement>('[data-reorder]')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(oc.isOpen).toBe(false);
    expect(oc.depth).toBe(0);
    expect([nav.classList.contains('is-open'), nav.getAttribute('aria-hidden'), nav.inert]).toEqual([false, 'true', true]);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector<HTMLElement>('.off-canvas-backdrop')!.hidden).toBe(true);
    expect(document.documentElement.classList.contains('off-canvas-open')).toBe(false);
    oc.disconnect();
  });

  it('moves focus in 100 ms after opening, keeps Tab inside, and gives it back to the button on Esc', () => {
    vi.useFakeTimers();
    const oc = build();
    const button = document.querySelector<HTMLButtonElement>('.menu-toggle')!;
    button.focus();
    button.click();
    expect(document.activeElement).toBe(button);
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(document.querySelector('.off-canvas__close'));
    button.focus(); // Tab from outside comes back into the menu
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    button.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(document.querySelector('.off-canvas__close'));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(oc.isOpen).toBe(false);
    expect(document.activeElement).toBe(button);
    oc.disconnect();
    vi.useRealTimers();
  });

  it('opens on a touch swipe and logs a missing level', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const oc = build();
    const touch = (type: string, x: number) => {
      const e = new Event(type, { bubbles: true }) as Event & { touches: Array<{ clientX: number; clientY: number }> };
      Object.defineProperty(e, 'touches', { value: [{ clientX: x, clientY: 300 }] });
      document.dispatchEvent(e);
    };
    touch('touchstart', 20);
    touch('touchmove', 60);
    expect(oc.isOpen).toBe(false);
    touch('touchmove', 95);
    expect(oc.isOpen).toBe(true);
    expect(oc.openLevel(document.querySelector('.sub-menu'), 3)).toBe(false);
    expect(error).toHaveBeenCalledWith(MENU_ERRORS.noLevel(3));
    error.mockRestore();
    oc.disconnect();
  });

  it("claims the page's horizontal overscroll while it owns the edge swipe, so the swipe never becomes the browser's back", () => {
    const root = document.documentElement;
    root.style.overscrollBehaviorX = '';
    const oc = build();
    expect(root.style.overscrollBehaviorX).toBe('none');
    oc.disconnect();
    expect(root.style.overscrollBehaviorX).toBe('');
  });
});

describe('sticky header', () => {
  it('sticks once scrolled past banner plus top header', () => {
    const t = stickyThreshold(40, 34);
    expect(t).toBe(74);
    expect([shouldStick(74, t), shouldStick(75, t)]).toEqual([false, true]);
  });

  it('at the top of the page (boot) reads no layout; scrolled, it measures and sticks', () => {
    document.body.innerHTML = '<div data-site-banner></div><header><div class="top-header"></div><div class="main-header"></div></header>';
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(30);
    let y = 0;
    const win = {
      get scrollY() {
        return y;
      },
    } as unknown as Window;
    const sticky = new StickyHeader(document.querySelector('header')!, win);
    sticky.update();
    expect(height).not.toHaveBeenCalled();
    expect(sticky.isSticky).toBe(false);
    y = 61;
    sticky.update();
    expect(height).toHaveBeenCalled();
    expect(sticky.isSticky).toBe(true);
    height.mockRestore();
  });
});

describe('app banner', () => {
  beforeEach(() => Cookies.remove(C.APP_BANNER_COOKIE, { path: '/' }));
  afterEach(() => Cookies.remove(C.APP_BANNER_COOKIE, { path: '/' }));

  it('detects the platform and shows only on mobile browsers with a configured link', () => {
    expect([platformOf(IPHONE), platformOf(IPAD_MOBILE), platformOf(ANDROID), platformOf(DESKTOP)]).toEqual([
      'ios',
      'ios',
      'android',
      null,
    ]);
    expect(appBannerLink(IPHONE, site, undefined)).toBe(site.iosLink);
    expect(appBannerLink(ANDROID, site, undefined)).toBe(site.androidLink);
    expect(appBannerLink(DESKTOP, site, undefined)).toBeNull();
    expect(appBannerLink(IPHONE, { ...site, iosLink: '' }, undefined)).toBeNull();
    expect(appBannerLink(IPHONE, site, 'true')).toBeNull();
    expect(appBannerLink('Mozilla/5.0 (Windows Phone 10.0; Mobile)', site, undefined)).toBeNull();
  });

  // The server renders the banner (server/render/layout.tsx): the same markup, as it arrives.
  const rendered = (link: string) =>
    '<a class="skip-link" href="#content">Skip</a><aside class="app-banner" data-app-banner="" aria-label="Get the app">' +
    '<button type="button" class="app-banner__close" aria-label="Close">×</button><p class="app-banner__text">Shop faster.</p>' +
    `<a class="app-banner__download" rel="noopener" href="${link}">Download the App!</a>` +
    '<button type="button" class="app-banner__continue">Continue in Browser</button></aside><main id="content"></main>';

  it("'Continue in Browser' sets snackbarClosed=true for a month on / and the server shows it no more", () => {
    const set = vi.spyOn(Cookies, 'set');
    document.body.innerHTML = rendered(site.iosLink);
    document.documentElement.classList.add('has-app-banner');
    const banner = wireAppBanner()!;
    banner.querySelector<HTMLButtonElement>('.app-banner__continue')!.click();
    expect(set).toHaveBeenCalledWith('snackbarClosed', 'true', expect.objectContaining({ path: '/', expires: 2628288 / 86400 }));
    expect(document.querySelector('.app-banner')).toBeNull();
    expect(document.documentElement.classList.contains('has-app-banner')).toBe(false);
    expect(Cookies.get('snackbarClosed')).toBe('true');
    expect(appBannerLink(IPHONE, site, Cookies.get('snackbarClosed'))).toBeNull(); // the server's rule
    set.mockRestore();
  });

  it('the close control records the cookie too', () => {
    Cookies.remove('snackbarClosed', { path: '/' });
    document.body.innerHTML = rendered(site.androidLink);
    wireAppBanner()!.querySelector<HTMLButtonElement>('.app-banner__close')!.click();
    expect(Cookies.get('snackbarClosed')).toBe('true');
    expect(document.querySelector('.app-banner')).toBeNull();
  });

  it('at boot only wires what the server rendered: no cookie is read, no banner is made', () => {
    const read = vi.spyOn(Document.prototype, 'cookie', 'get');
    document.body.innerHTML = '<a class="skip-link" href="#content">Skip</a><main id="content"></main>';
    expect(wireAppBanner()).toBeNull();
    expect(document.querySelector('.app-banner')).toBeNull();
    document.body.innerHTML = rendered(site.iosLink);
    expect(wireAppBanner()).not.toBeNull();
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();
  });
});

describe('back-to-top', () => {
  it('appears past 200px, hides 3000ms after scrolling stops, scrolls to the top in 600ms', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<a class="back-to-top" href="#content"></a>';
    const button = document.querySelector<HTMLElement>('.back-to-top')!;
    let y = 0;
    const win = {
      get scrollY() {
        return y;
      },
      addEventListener: window.addEventListener.bind(window),
      removeEventListener: window.removeEventListener.bind(window),
      scrollTo: vi.fn((_x: number, top: number) => (y = top)),
      matchMedia: () => ({ matches: false }),
    } as unknown as Window;
    const b = new BackToTop(button, win);
    b.connect();
    y = 200;
    b.onScroll();
    expect(button.classList.contains('is-visible')).toBe(false);
    y = 201;
    b.onScroll();
    expect(button.classList.contains('is-visible')).toBe(true);
    vi.advanceTimersByTime(2999);
    b.onScroll(); // still scrolling: the timer restarts
    vi.advanceTimersByTime(2999);
    expect(button.classList.contains('is-visible')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(button.classList.contains('is-visible')).toBe(false);

    y = 1000;
    button.click();
    vi.advanceTimersByTime(300);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(1000);
    vi.advanceTimersByTime(400);
    expect(y).toBe(0);
    b.disconnect();
    vi.useRealTimers();
  });
});

describe('dropdown', () => {
  it('shows loading while its counter is above zero', async () => {
    document.body.innerHTML = '<button id="t"></button><div id="p"><a data-value="a"></a><a data-value="b"></a></div>';
    const d = new Dropdown(document.getElementById('t')!, document.getElementById('p')!);
    d.toggleOpen();
    expect(d.isOpen).toBe(true);
    d.select('b');
    expect(document.querySelector('[data-value="b"]')!.getAttribute('aria-current')).toBe('true');
    let finish!: () => void;
    const slow = d.track(new Promise<void>((r) => (finish = r)));
    d.startLoading();
    expect(d.loading).toBe(true);
    d.stopLoading();
    expect(d.loading).toBe(true);
    finish();
    await slow;
    expect(d.loading).toBe(false);
    d.stopLoading();
    expect(d.loading).toBe(false);
    expect(document.getElementById('t')!.classList.contains('is-loading')).toBe(false);
  });
});
