// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '../config/site-config';
import { createBus, type RuntimeBus } from '../events/bus';
import { FOCUS_DELAY_MS, PREVENT_SCROLL_CLASS } from './dialog';
import { resetPopupManager } from './manager';
import Popup from './popup';

// jsdom has <dialog> without showModal/close: the smallest stand-in for the parts the popup uses.
beforeAll(() => {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
});

const config = (over: Partial<SiteConfig> = {}): SiteConfig =>
  ({
    environmentMode: { edit: false, wpPreview: false, isScriptDebug: false },
    user: { id: 0, segment_ids: [], roles: [] },
    ...over,
  }) as SiteConfig;

// Every popup a test connects is disconnected after it, as leaving the page would: an open one keeps its Tab trap
// on the document, which the next test file of the worker shares.
const connected: Popup[] = [];

function popup(id: string, settings: Record<string, unknown>, bus: RuntimeBus = createBus(), cfg = config()): Popup {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<dialog class="e-popup" data-elementor-id="${id}" aria-label="Popup ${id}"><div class="e-popup__content"><button type="button" class="e-popup__close" aria-label="Close">x</button><a href="/a">A</a><button type="button" class="e-popup-dont-show-again">Never</button></div></dialog>`,
  );
  const element = document.querySelector<HTMLElement>(`dialog[data-elementor-id="${id}"]`)!;
  const handler = new Popup({ element, settings, config: cfg, bus, deviceMode: () => 'desktop' });
  handler.connect();
  connected.push(handler);
  return handler;
}

const dialog = (id: string) => document.querySelector<HTMLDialogElement>(`dialog[data-elementor-id="${id}"]`)!;

describe('Popup lifecycle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    sessionStorage.clear();
    resetPopupManager();
  });
  afterEach(() => {
    for (const p of connected.splice(0)) p.disconnect();
    vi.useRealTimers();
    document.body.innerHTML = '';
    document.documentElement.className = '';
  });

  it('shows on its trigger, moves focus in after 250 ms, and counts the show', () => {
    document.body.insertAdjacentHTML('beforeend', '<button id="before">before</button>');
    document.getElementById('before')!.focus();
    const p = popup('50', { triggers: { page_load: 'yes', page_load_delay: 2 }, prevent_scroll: 'yes' });
    vi.advanceTimersByTime(1999);
    expect(dialog('50').open).toBe(false);
    vi.advanceTimersByTime(1);
    expect(dialog('50').open).toBe(true);
    expect(document.documentElement.classList.contains(PREVENT_SCROLL_CLASS)).toBe(true);
    vi.advanceTimersByTime(FOCUS_DELAY_MS);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
    expect(p.explain()).toMatchObject({ status: 'shown', fired: { trigger: 'page_load' }, impressions: 1 });
    p.close();
    expect(dialog('50').open).toBe(false);
    expect(document.activeElement?.id).toBe('before');
    expect(document.documentElement.classList.contains(PREVENT_SCROLL_CLASS)).toBe(false);
  });

  it('does not arm triggers when a timing rule fails, and explains why', () => {
    const p = popup('51', { timing: { page_views: 'yes', page_views_views: 3 }, triggers: { page_load: 'yes' } });
    vi.advanceTimersByTime(10_000);
    expect(dialog('51').open).toBe(false);
    expect(p.explain()).toMatchObject({ status: 'blocked', rules: [{ name: 'page_views', pass: false, value: '0 page views' }] });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const table = vi.spyOn(console, 'table').mockImplementation(() => {});
    expect(window.sitePopups?.explain('51')?.status).toBe('blocked');
    expect(info).toHaveBeenCalledWith('Popup 51 "Popup 51": blocked: timing rules failed: page_views');
    expect(table).toHaveBeenCalledOnce();
    info.mockRestore();
    table.mockRestore();
  });

  it('Esc closes unless prevented; the exit animation runs before hiding', () => {
    popup('52', { triggers: { page_load: 'yes' }, exit_animation: 'fadeOut', entrance_animation_duration: { size: 0.5 } });
    vi.advanceTimersByTime(0);
    dialog('52').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog('52').classList.contains('e-popup--exiting')).toBe(true);
    vi.advanceTimersByTime(499);
    expect(dialog('52').open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(dialog('52').open).toBe(false);

    popup('53', { triggers: { page_load: 'yes' }, prevent_close_on_esc_key: 'yes', prevent_close_on_background_click: 'yes' });
    vi.advanceTimersByTime(0);
    dialog('53').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    dialog('53').click(); // background
    expect(dialog('53').open).toBe(true);
  });

  it('reveals the close button after its delay and closes automatically', () => {
    popup('54', { triggers: { page_load: 'yes' }, close_button_delay: 2, close_automatically: 5 });
    vi.advanceTimersByTime(0);
    const close = dialog('54').querySelector<HTMLElement>('.e-popup__close')!;
    expect(close.hidden).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(close.hidden).toBe(false);
    vi.advanceTimersByTime(2999);
    expect(dialog('54').open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(dialog('54').open).toBe(false);
  });

  it('avoid_multiple_popups keeps a second triggered popup away', () => {
    popup('55', { triggers: { page_load: 'yes', page_load_delay: 1 } });
    const second = popup('56', { triggers: { page_load: 'yes', page_load_delay: 2 }, avoid_multiple_popups: 'yes' });
    vi.advanceTimersByTime(2000);
    expect(dialog('55').open).toBe(true);
    expect(dialog('56').open).toBe(false);
    expect(second.explain().status).toBe('avoided');
  });

  it('do-not-show-again: never shows again, even on request', () => {
    popup('57', { triggers: { page_load: 'yes' } });
    vi.advanceTimersByTime(0);
    dialog('57').querySelector<HTMLElement>('.e-popup-dont-show-again')!.click();
    expect(dialog('57').open).toBe(false);
    document.body.innerHTML = '';
    resetPopupManager();
    const again = popup('57', { triggers: { page_load: 'yes' } });
    vi.advanceTimersByTime(1000);
    again.open();
    expect(dialog('57').open).toBe(false);
    expect(again.explain().status).toBe('disabled');
  });

  it('opens and closes on popup:open / popup:close by id, and toggles', () => {
    const bus = createBus();
    popup('58', {}, bus);
    bus.emit('popup:open', { id: '99' });
    expect(dialog('58').open).toBe(false);
    bus.emit('popup:open', { id: '58' });
    expect(dialog('58').open).toBe(true);
    bus.emit('popup:open', { id: '58', toggle: true });
    expect(dialog('58').open).toBe(false);
    bus.emit('popup:open', { id: '58' });
    bus.emit('popup:close', {});
    expect(dialog('58').open).toBe(false);
  });

  it('opens on clicks matching open_selector; an invalid selector is ignored', () => {
    document.body.insertAdjacentHTML('beforeend', '<a class="change-store" href="/x">Change</a>');
    popup('59', { open_selector: '.change-store' });
    popup('60', { open_selector: '.change-store[' });
    const link = document.querySelector<HTMLElement>('.change-store')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(dialog('59').open).toBe(true);
    expect(dialog('60').open).toBe(false);
  });

  it('keeps Tab inside the popup', () => {
    popup('61', { triggers: { page_load: 'yes' } });
    vi.advanceTimersByTime(FOCUS_DELAY_MS);
    const items = [...dialog('61').querySelectorAll<HTMLElement>('button, a')];
    items[items.length - 1].focus();
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    dialog('61').dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(items[0]);
    const back = new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true });
    dialog('61').dispatchEvent(back);
    expect(document.activeElement).toBe(items[items.length - 1]);
  });

  it("times_count 'unique' counts one show per page view; 'on_open' counts each open", () => {
    const unique = popup('63', { timing: { times_count: 'unique' } });
    const each = popup('64', {});
    for (const p of [unique, each]) {
      p.open();
      p.close();
      p.open();
      p.close();
    }
    expect([unique.explain().impressions, each.explain().impressions]).toEqual([1, 2]);
  });

  it('does not open by itself in edit mode', () => {
    popup(
      '62',
      { triggers: { page_load: 'yes' } },
      createBus(),
      config({ environmentMode: { edit: true, wpPreview: false, isScriptDebug: false } }),
    );
    vi.advanceTimersByTime(5000);
    expect(dialog('62').open).toBe(false);
  });
});
