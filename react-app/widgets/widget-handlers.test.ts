// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBus } from '../../core/events/bus';
import { defaultRegistry } from '../../core/handlers/manifest';
import { editConfig as config, makeHandler as make, mountFirst as mount, testConfig } from '../../core/handlers/testing/handler-harness';
import CarouselHandler from './image-carousel/carousel.handler';
import OffCanvasHandler from './off-canvas/handler';
import SlidesHandler from './slides/handler';
import AccordionHandler from './accordion/handler';
import TabsHandler from './tabs/handler';
import { widgets } from '.';
import { widgetHandlerLines } from './handler-lines';

// The widgets' handlers in jsdom, with the runtime's registry as the widget folders fill it (core's own handlers:
// core/handlers/handlers.test.ts).

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('manifest', () => {
  it('loads a chunk only where its behaviour is used', () => {
    const r = defaultRegistry(widgetHandlerLines(widgets));
    const el = (type: string, widget?: string) => {
      const e = document.createElement('div');
      e.dataset.element_type = type;
      if (widget) e.dataset.widget_type = `${widget}.default`;
      return e;
    };
    expect(r.forElement(el('container'), {}).map((e) => e.chunk)).toEqual([]);
    expect(
      r
        .forElement(el('container'), { stretch_element: 'yes', sticky: 'top', sticky_anchor_link_offset: 90 })
        .map((e) => e.chunk)
        .sort(),
    ).toEqual(['anchors', 'sticky', 'stretch']);
    expect(r.forElement(el('widget', 'heading'), { _animation: 'fadeIn' }).map((e) => e.chunk)).toEqual(['motion']);
    expect(r.forElement(el('widget', 'tabs'), {}).map((e) => e.chunk)).toEqual(['tabs']);
    const lightbox = r.selectorEntries().find((e) => e.chunk === 'lightbox')!;
    const a = document.createElement('a');
    a.href = '/catering';
    expect(lightbox.when!({}, a)).toBe(false);
    a.setAttribute('href', '/media/banners/produce.svg');
    expect(lightbox.when!({}, a)).toBe(true);
    // A plain image link (rich text, carousel slide) needs no lightbox attribute: the kit setting decides.
    expect(a.matches(lightbox.selector!)).toBe(true);
    a.dataset.elementorOpenLightbox = 'no';
    expect(a.matches(lightbox.selector!)).toBe(false);
  });
});

describe('carousel in edit mode', () => {
  const markup = `<div><div class="swiper"><div class="swiper-wrapper">${[1, 2, 3, 4].map((i) => `<div class="swiper-slide">${i}</div>`).join('')}</div>
    <button class="elementor-swiper-button elementor-swiper-button-prev"></button><button class="elementor-swiper-button elementor-swiper-button-next"></button><div class="swiper-pagination"></div></div></div>`;

  it('is created only with a swiper container and at least 2 slides', async () => {
    const single = make<CarouselHandler>(
      CarouselHandler,
      mount('<div><div class="swiper"><div class="swiper-wrapper"><div class="swiper-slide"></div></div></div></div>'),
    );
    await single.connect();
    expect(single.swiper).toBeNull();
    const none = make<CarouselHandler>(CarouselHandler, mount('<div></div>'));
    await none.connect();
    expect(none.swiper).toBeNull();
  });

  it('updates speed, autoplay_speed, pause_on_hover and spacing live without re-creating the carousel', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: false,
      media,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }));
    const handler = make<CarouselHandler>(CarouselHandler, mount(markup), { autoplay: 'yes', autoplay_speed: 3000, speed: 500 });
    await handler.connect();
    const swiper = handler.swiper!;
    expect(swiper.params.speed).toBe(500);
    await handler.onSettingsChange({
      speed: 900,
      autoplay_speed: 1200,
      pause_on_hover: 'yes',
      image_spacing_custom: { size: 12, unit: 'px' },
    });
    expect(handler.swiper).toBe(swiper);
    expect(swiper.params.speed).toBe(900);
    expect((swiper.params as { autoplay?: { delay: number } }).autoplay?.delay).toBe(1200);
    expect(swiper.params.spaceBetween).toBe(12);
    // Any other setting re-creates it.
    await handler.onSettingsChange({ navigation: 'dots' });
    expect(handler.swiper).not.toBe(swiper);
    handler.disconnect();
  });
});

describe('carousel offset and announcements', () => {
  const markup = `<div><div class="swiper"><div class="swiper-wrapper">${[1, 2, 3, 4].map((i) => `<div class="swiper-slide">${i}</div>`).join('')}</div>
    <button class="elementor-swiper-button elementor-swiper-button-prev"></button><button class="elementor-swiper-button elementor-swiper-button-next"></button></div></div>`;
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media, addEventListener() {}, removeEventListener() {} }));
  });

  it('marks the container with the offset side so neighbours peek in, and removes it on disconnect', async () => {
    const handler = make<CarouselHandler>(CarouselHandler, mount(markup), { offset_sides: 'right', navigation: 'arrows' });
    await handler.connect();
    const container = handler.element.querySelector('.swiper')!;
    expect(container.classList.contains('offset-right')).toBe(true);
    handler.disconnect();
    expect(container.classList.contains('offset-right')).toBe(false);
  });
});

describe('carousel start', () => {
  const markup = `<div><div class="swiper"><div class="swiper-wrapper">${[1, 2, 3, 4].map((i) => `<div class="swiper-slide">${i}</div>`).join('')}</div>
    <button class="elementor-swiper-button elementor-swiper-button-prev"></button><button class="elementor-swiper-button elementor-swiper-button-next"></button><div class="swiper-pagination"></div></div></div>`;
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media, addEventListener() {}, removeEventListener() {} }));
  });

  // On a phone the carousel in view started in one long task at load (docs/performance.md, Vitals): Swiper is
  // created in the connecting task and started (its slides, arrows, dots) in the next one.
  it.each([
    ['image carousel', CarouselHandler],
    ['slides', SlidesHandler],
  ])('%s: Swiper starts in the task after the one that connects it', async (_name, Kind) => {
    const handler = make<CarouselHandler | SlidesHandler>(Kind, mount(markup), { navigation: 'both', autoplay: 'no' });
    const container = handler.element.querySelector('.swiper')!;
    const connected = handler.connect();
    expect(container.classList.contains('swiper-initialized')).toBe(false);
    expect(handler.element.querySelectorAll('.swiper-pagination-bullet')).toHaveLength(0);
    await connected;
    expect(container.classList.contains('swiper-initialized')).toBe(true);
    expect(handler.swiper?.initialized).toBe(true);
    expect(handler.element.querySelectorAll('.swiper-pagination-bullet').length).toBeGreaterThan(0);
    handler.disconnect();
  });

  it('a carousel removed before its start never starts, and one re-created meanwhile starts once', async () => {
    const gone = make<CarouselHandler>(CarouselHandler, mount(markup), { navigation: 'both' });
    const first = gone.connect();
    gone.disconnect();
    await first;
    expect(gone.swiper).toBeNull();
    expect(gone.element.querySelector('.swiper')!.classList.contains('swiper-initialized')).toBe(false);
    expect(gone.element.classList.contains('e-carousel-ready')).toBe(false);
    // Settings changed while the first start waited: only the second connect starts a Swiper.
    const again = make<CarouselHandler>(CarouselHandler, mount(markup), { navigation: 'both' });
    const before = again.connect();
    const after = again.onSettingsChange({ navigation: 'dots' });
    await Promise.all([before, after]);
    expect(again.swiper?.initialized).toBe(true);
    expect(again.element.querySelectorAll('.swiper-pagination-bullet').length).toBeGreaterThan(0);
    again.disconnect();
  });
});

describe('off-canvas', () => {
  it('opens, toggles and closes the off-canvas with that id, focuses in after 100 ms, and closes on Esc', () => {
    vi.useFakeTimers();
    const bus = createBus();
    const el = mount(
      '<div data-id="abc123"><div class="e-off-canvas" aria-hidden="true"><div class="e-off-canvas__overlay"></div><div class="e-off-canvas__content"><a href="/x">x</a></div></div></div>',
    );
    const panel = el.querySelector('.e-off-canvas')!;
    make(OffCanvasHandler, el, {}, bus).connect();
    bus.emit('offcanvas:open', { id: 'other' });
    expect(panel.getAttribute('aria-hidden')).toBe('true');
    bus.emit('offcanvas:toggle', { id: 'abc123' });
    expect(panel.getAttribute('aria-hidden')).toBe('false');
    // Focus shifts after 100 ms for modals other than popups.
    expect(document.activeElement).not.toBe(el.querySelector('a'));
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(el.querySelector('a'));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(panel.getAttribute('aria-hidden')).toBe('true');
    bus.emit('offcanvas:open', { id: 'abc123' });
    bus.emit('offcanvas:close', {});
    expect(panel.getAttribute('aria-hidden')).toBe('true');
    vi.useRealTimers();
  });
});

describe('accordion and tabs keyboard', () => {
  it('accordion: arrows move between headers, one item open', () => {
    const el = mount(
      `<div class="elementor-element"><div class="e-accordion" data-multiple="false">${[1, 2, 3]
        .map(
          (i) =>
            `<div class="e-accordion-item"><h3><button class="e-accordion-title" id="t${i}" aria-expanded="${i === 1}" aria-controls="p${i}">T${i}</button></h3><div id="p${i}" ${i === 1 ? '' : 'hidden'}>P${i}</div></div>`,
        )
        .join('')}</div></div>`,
    );
    make(AccordionHandler, el).connect();
    const [b1, b2, b3] = [...el.querySelectorAll<HTMLButtonElement>('button')];
    b1.focus();
    b1.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    expect(document.activeElement).toBe(b3);
    b2.click();
    expect(b2.getAttribute('aria-expanded')).toBe('true');
    expect(b1.getAttribute('aria-expanded')).toBe('false');
    expect((document.getElementById('p1') as HTMLElement).hidden).toBe(true);
    expect((document.getElementById('p2') as HTMLElement).hidden).toBe(false);
  });

  it('tabs: arrows select and focus, Home and End jump', () => {
    const el = mount(
      `<div><div role="tablist">${[1, 2, 3].map((i) => `<button role="tab" id="tab${i}" aria-controls="panel${i}" aria-selected="${i === 1}">T${i}</button>`).join('')}</div>${[1, 2, 3].map((i) => `<div role="tabpanel" id="panel${i}" ${i === 1 ? '' : 'hidden'}></div>`).join('')}</div>`,
    );
    make(TabsHandler, el).connect();
    const tabs = [...el.querySelectorAll<HTMLElement>('[role="tab"]')];
    tabs[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(tabs[2].getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[2]);
    expect((document.getElementById('panel3') as HTMLElement).hidden).toBe(false);
    expect((document.getElementById('panel1') as HTMLElement).hidden).toBe(true);
    tabs[2].dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });
});

describe('counter and progress bar: animated on the page, at their end state in the editor', () => {
  // The editor's canvas shares the editor's main thread: a count-up there made every frame a frame of the
  // editor for 2 s (and again at every key typed into the counter), and keys typed meanwhile showed late.
  const observed: Element[] = [];
  beforeEach(() => {
    observed.length = 0;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
  });
  const counter = () =>
    mount(
      '<div><span class="elementor-counter-number" data-from-value="0" data-to-value="1250" data-duration="2000" data-delimiter=",">1,250</span></div>',
    );
  const progress = () => mount('<div><div class="elementor-progress-bar" style="width: 80%"></div></div>');

  it('counts up and fills on the published page', async () => {
    const { default: CounterHandler } = await import('./counter/handler');
    const { default: ProgressHandler } = await import('./counter/progress.handler');
    const c = counter();
    make(CounterHandler, c, {}, createBus(), testConfig()).connect();
    expect(c.querySelector('.elementor-counter-number')!.textContent).toBe('0');
    const p = progress();
    make(ProgressHandler, p, {}, createBus(), testConfig()).connect();
    expect(p.querySelector<HTMLElement>('.elementor-progress-bar')!.style.width).toBe('0px');
    expect(observed).toHaveLength(2);
  });

  it('shows the end value and the full bar at once in the editor, and waits for nothing', async () => {
    const { default: CounterHandler } = await import('./counter/handler');
    const { default: ProgressHandler } = await import('./counter/progress.handler');
    const c = counter();
    make(CounterHandler, c).connect();
    expect(c.querySelector('.elementor-counter-number')!.textContent).toBe('1,250');
    const p = progress();
    make(ProgressHandler, p).connect();
    expect(p.querySelector<HTMLElement>('.elementor-progress-bar')!.style.width).toBe('80%');
    expect(observed).toHaveLength(0);
  });
});

describe('gallery', () => {
  it('adds captions from image titles and lays out masonry columns for the device', async () => {
    const { default: GalleryHandler } = await import('./gallery/handler');
    const el = mount(
      `<div><div class="e-gallery" data-layout="masonry" data-columns="3" data-columns-mobile="1" data-spacing="30">${[1, 2, 3]
        .map(
          (i) =>
            `<div class="e-gallery-item"><a href="/${i}.svg"><img src="/${i}.svg" alt="" ${i === 3 ? '' : `title=" Photo  ${i} "`}></a></div>`,
        )
        .join('')}</div></div>`,
    );
    const handler = new GalleryHandler({ element: el, settings: {}, config: config(), bus: createBus(), deviceMode: () => 'mobile' });
    handler.connect();
    expect([...el.querySelectorAll('.e-gallery-caption')].map((c) => c.textContent)).toEqual(['Photo 1', 'Photo 2']);
    const items = [...el.querySelectorAll<HTMLElement>('.e-gallery-item')];
    // jsdom has no layout (every item 0 px tall): one column on mobile, spacing 30 between items.
    expect(items.map((i) => [i.style.left, i.style.top])).toEqual([
      ['0px', '0px'],
      ['0px', '30px'],
      ['0px', '60px'],
    ]);
  });
});

describe('gallery masonry after a size change', () => {
  it('lays the grid out again when an item changes height after the layout (a font, a new window width), and stops on disconnect', async () => {
    const { default: GalleryHandler } = await import('./gallery/handler');
    const observers: Array<{ callback: () => void; observed: Element[]; disconnected: boolean }> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        entry: { callback: () => void; observed: Element[]; disconnected: boolean };
        constructor(callback: () => void) {
          this.entry = { callback, observed: [], disconnected: false };
          observers.push(this.entry);
        }
        observe(el: Element) {
          this.entry.observed.push(el);
        }
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => (fn(0), 1));
    const el = mount(
      `<div><div class="e-gallery" data-layout="masonry" data-spacing="30">${[1, 2]
        .map((i) => `<div class="e-gallery-item"><img src="/${i}.svg" alt=""></div>`)
        .join('')}</div></div>`,
    );
    const items = [...el.querySelectorAll<HTMLElement>('.e-gallery-item')];
    let height = 100;
    for (const item of items) Object.defineProperty(item, 'offsetHeight', { get: () => height });
    const handler = new GalleryHandler({ element: el, settings: {}, config: config(), bus: createBus(), deviceMode: () => 'mobile' });
    handler.connect();
    expect(items[1].style.top).toBe('130px');
    expect(observers[0].observed).toEqual(items);
    height = 342; // the items grew after the layout: the grid is laid out again, rows do not overlap
    observers[0].callback();
    expect(items[1].style.top).toBe('372px');
    expect(el.querySelector<HTMLElement>('.e-gallery')!.style.height).toBe('714px');
    handler.disconnect();
    expect(observers[0].disconnected).toBe(true);
  });
});

describe('the default registry with the widget folders', () => {
  it('sends an image carousel to the carousel chunk in the default registry', () => {
    const el = document.createElement('div');
    el.dataset.element_type = 'widget';
    el.dataset.widget_type = 'image-carousel.default';
    expect(
      defaultRegistry(widgetHandlerLines(widgets))
        .forElement(el, {})
        .map((e) => e.chunk),
    ).toContain('carousel');
  });

  it('tells the chunks an element may connect at boot from those that only connect once the browser is idle', () => {
    const registry = defaultRegistry(widgetHandlerLines(widgets));
    expect(['header', 'store-layer', 'header-cart', 'accordion', 'carousel'].filter((c) => !registry.connectsAtOnce(c))).toEqual([]);
    expect(registry.connectsAtOnce('vitals')).toBe(false);
    expect(registry.connectsAtOnce('cart-attribution')).toBe(false);
    expect(registry.connectsAtOnce('no-such-chunk')).toBe(false);
  });
});
