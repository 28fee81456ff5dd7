// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '../config/site-config';
import { createBus } from '../events/bus';
import type { HandlerClass } from '../handlers/base';
import BlockMeasureHandler from './block-measure';
import { subjectId } from './measured-subject';
import PopupMeasureHandler from './popup-measure';
import type { ContentEvent } from '../wire/content-event';
import { clickedThisVisit } from './visit';

// The measured subjects' shared lifecycle (variant first, then the subject's events, sent when the page is
// left) through the two handlers that use it. The page's tracker is shared by the whole file, as on a page:
// every test measures subjects of its own ids.

const config = (edit: boolean): SiteConfig => ({ environmentMode: { edit } }) as unknown as SiteConfig;

let variantB: Record<string, string> = {};
let sent: ContentEvent[] = [];
let variantCalls: string[] = [];

beforeEach(() => {
  variantB = {};
  sent = [];
  variantCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.includes('/content-variants/')) {
        variantCalls.push(url);
        const key = /content-variants\/(\w+\/\d+)\//.exec(url)?.[1] ?? '';
        const html = variantB[key];
        return Response.json(html ? { variant: 'B', html } : { variant: 'A', html: null });
      }
      if (url.includes('/content-views')) {
        // The server issues the view and counts its impression.
        const view = JSON.parse(String(init.body)) as Omit<ContentEvent, 'view_id' | 'event'>;
        const view_id = `view-${view.subject_type}-${view.subject_id}`;
        sent.push({ ...view, view_id, event: 'impression' });
        return Response.json({ view_id }, { status: 201 });
      }
      sent.push(...(JSON.parse(String(init.body)) as { events: ContentEvent[] }).events);
      return Response.json({ ok: true });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.cookie = 'tracking=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  sessionStorage.clear();
});

async function attach(Cls: HandlerClass, html: string, edit = false) {
  document.body.innerHTML = html;
  const element = document.body.firstElementChild as HTMLElement;
  const bus = createBus();
  const handler = new Cls({ element, settings: {}, config: config(edit), bus, deviceMode: () => 'desktop' });
  await handler.connect();
  return { element, bus, handler };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

// jsdom cannot follow links: the clicks stay on the page.
const stayOnPage = (e: Event) => e.preventDefault();
beforeEach(() => document.addEventListener('click', stayOnPage));
afterEach(() => document.removeEventListener('click', stayOnPage));

describe('measured subject id', () => {
  it.each([
    ['1011', 1011],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (raw, id) => expect(subjectId(raw)).toBe(id));
});

describe('measured content block', () => {
  it('swaps in variant B, counts an impression and a click on a link, and sends at once on that click', async () => {
    variantB['block/2001'] = '<p>Variant B <a href="/shop">Shop</a></p>';
    const { element } = await attach(BlockMeasureHandler, '<section data-block-id="2001"><p>A</p></section>');
    expect(element.dataset.variant).toBe('B');
    expect(element.innerHTML).toBe('<p>Variant B <a href="/shop">Shop</a></p>');
    element.querySelector('p')!.click(); // not a link or button: no click
    element.querySelector('a')!.click();
    await settle();
    expect(sent.filter((e) => e.subject_id === 2001).map((e) => [e.subject_type, e.event, e.variant])).toEqual([
      ['block', 'impression', 'B'],
      ['block', 'click', 'B'],
    ]);
    expect(new Set(sent.filter((e) => e.subject_id === 2001).map((e) => e.view_id))).toEqual(new Set(['view-block-2001']));
    expect(clickedThisVisit(sessionStorage)).toEqual([
      { subject_type: 'block', subject_id: 2001, variant: 'B', view_id: 'view-block-2001' },
    ]);
  });

  it('does nothing in the editor or without a valid id', async () => {
    await attach(BlockMeasureHandler, '<section data-block-id="2002"><a href="/x">x</a></section>', true);
    await attach(BlockMeasureHandler, '<section data-block-id="zero"><a href="/x">x</a></section>');
    document.querySelector('a')!.click();
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(variantCalls).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('sends nothing on a preview page (issue 36: preview visits are never impressions or clicks)', async () => {
    document.head.innerHTML = '<script type="application/json" id="site-config">{"environmentMode":{"wpPreview":true}}</script>';
    try {
      const { element } = await attach(BlockMeasureHandler, '<section data-block-id="2004"><a href="/x">x</a></section>');
      element.querySelector('a')!.click();
      window.dispatchEvent(new Event('pagehide'));
      await settle();
      expect(variantCalls).toEqual([]);
      expect(sent).toEqual([]);
    } finally {
      document.head.innerHTML = '';
    }
  });

  it('asks for no variant and sends nothing when the visitor refused tracking', async () => {
    document.cookie = 'tracking=refused';
    const { element } = await attach(BlockMeasureHandler, '<section data-block-id="2003"><a href="/x">x</a></section>');
    expect(element.dataset.variant).toBe('A');
    element.querySelector('a')!.click();
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(variantCalls).toEqual([]);
    expect(sent).toEqual([]);
  });
});

describe('measured popup', () => {
  const popup = (id: number) =>
    `<dialog class="e-popup" data-elementor-id="${id}"><div class="e-popup__body"><a href="/deals">Deals</a></div>` +
    '<button class="e-popup__close">Close</button></dialog>';

  it('counts its own showing and hiding, clicks but not on its close button, and sends when the page is left', async () => {
    // The page's clock stands still: the tracker's one-second batch timer cannot send before the page is left
    // (on a loaded machine a real second passes between two lines of this test).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const settle = () => vi.advanceTimersByTimeAsync(0);
    variantB['popup/3001'] = '<a href="/b">B deals</a>';
    const { element, bus, handler } = await attach(PopupMeasureHandler, popup(3001));
    expect(element.querySelector('.e-popup__body')!.innerHTML).toBe('<a href="/b">B deals</a>');
    bus.emit('popup:shown', { id: '9999' });
    bus.emit('popup:shown', { id: '3001' });
    element.querySelector<HTMLElement>('.e-popup__close')!.click();
    element.querySelector('a')!.click();
    bus.emit('popup:hidden', { id: '3001' });
    await settle();
    // The view is issued (its impression counted) when it shows; its events are batched until the page is left.
    expect(sent.map((e) => e.event)).toEqual(['impression']);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(sent.map((e) => [e.subject_type, e.subject_id, e.event, e.variant])).toEqual([
      ['popup', 3001, 'impression', 'B'],
      ['popup', 3001, 'click', 'B'],
      ['popup', 3001, 'close', 'B'],
    ]);
    handler.disconnect();
    bus.emit('popup:shown', { id: '3001' });
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(sent).toHaveLength(3);
  });
});
