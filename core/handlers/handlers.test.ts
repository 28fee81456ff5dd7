// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '../config/site-config';
import { defaultBreakpoints } from '../config/breakpoints';
import { createBus } from '../events/bus';
import type { Handler, HandlerClass } from './base';
import CarouselHandler from '../../react-app/widgets/image-carousel/carousel.handler';
import LinkActionsHandler from './link-actions/link-actions';
import { encodeActionHref } from '../wire/action-href';
import OffCanvasHandler from '../../react-app/widgets/off-canvas/handler';
import MotionHandler from './motion/motion';
import StretchHandler from './stretch/stretch';
import AccordionHandler from '../../react-app/widgets/accordion/handler';
import TabsHandler from '../../react-app/widgets/tabs/handler';
import { defaultRegistry } from './manifest';
import { widgets } from '../../react-app/widgets';
import { widgetHandlerLines } from '../../react-app/widgets/handler-lines';

// Thin DOM handlers in jsdom: they wire the pure rules to the page and the bus.

const config = (over: Partial<SiteConfig> = {}): SiteConfig =>
  ({
    environmentMode: { edit: true, wpPreview: false, isScriptDebug: false },
    urls: { assets: '/assets/runtime/', uploadUrl: '', rest: '/wp-json/', shopApi: '' },
    responsive: { breakpoints: defaultBreakpoints },
    i18n: {
      a11yCarouselPrevSlideMessage: 'Previous slide',
      a11yCarouselNextSlideMessage: 'Next slide',
      a11yCarouselPaginationBulletMessage: 'Go to slide {{index}}',
    },
    kit: { global_image_lightbox: 'yes' },
    is_rtl: false,
    chunks: {},
    chunkStyles: {},
    ...over,
  }) as unknown as SiteConfig;

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

function make<T extends Handler>(
  Cls: HandlerClass,
  element: HTMLElement,
  settings: Record<string, unknown> = {},
  bus = createBus(),
  cfg = config(),
): T {
  return new Cls({ element, settings, config: cfg, bus, deviceMode: () => 'desktop' }) as T;
}

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

  it('is created only with a swiper container and at least 2 slides', () => {
    const single = make<CarouselHandler>(
      CarouselHandler,
      mount('<div><div class="swiper"><div class="swiper-wrapper"><div class="swiper-slide"></div></div></div></div>'),
    );
    single.connect();
    expect(single.swiper).toBeNull();
    const none = make<CarouselHandler>(CarouselHandler, mount('<div></div>'));
    none.connect();
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
    handler.connect();
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

  it('marks the container with the offset side so neighbours peek in, and removes it on disconnect', () => {
    const handler = make<CarouselHandler>(CarouselHandler, mount(markup), { offset_sides: 'right', navigation: 'arrows' });
    handler.connect();
    const container = handler.element.querySelector('.swiper')!;
    expect(container.classList.contains('offset-right')).toBe(true);
    handler.disconnect();
    expect(container.classList.contains('offset-right')).toBe(false);
  });
});

describe('link actions and off-canvas', () => {
  it('emits the bus events of each action', () => {
    const bus = createBus();
    const seen: string[] = [];
    bus.on('*', (type, e) => seen.push(`${String(type)} ${JSON.stringify(e)}`));
    for (const [action, settings] of [
      ['popup:open', { id: '50' }],
      ['popup:close', {}],
      ['off_canvas:toggle', { id: 'abc123' }],
      ['off_canvas:close', {}],
    ] as const) {
      const a = mount(`<a href="${encodeActionHref(action, settings)}">x</a>`);
      make(LinkActionsHandler, a, {}, bus).connect();
      a.click();
    }
    expect(seen).toEqual([
      'popup:open {"id":"50","toggle":false}',
      'popup:close {"doNotShowAgain":false}',
      'offcanvas:toggle {"id":"abc123"}',
      'offcanvas:close {}',
    ]);
  });

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

describe('motion', () => {
  it('under reduced motion only removes the invisible state, and never animates later', () => {
    vi.useFakeTimers();
    type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
    const observer: { fire?: Callback } = {};
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q }));
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: Callback) {
          observer.fire = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    const el = mount('<div class="elementor-invisible"></div>');
    const handler = make(MotionHandler, el, { _animation: 'fadeInUp', _animation_delay: 500 });
    handler.connect();
    expect(el.className).toBe('');
    // In view, past the 500 ms delay and a resize: still no animation class.
    observer.fire?.([{ isIntersecting: true }]);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(1000);
    expect(el.className).toBe('');
    handler.disconnect();
    vi.useRealTimers();
  });

  it('animates once when entering the viewport, after the delay', () => {
    vi.useFakeTimers();
    let fire: (entries: Array<{ isIntersecting: boolean }>) => void = () => {};
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: typeof fire) {
          fire = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    const el = mount('<div class="elementor-invisible"></div>');
    make(MotionHandler, el, { _animation: 'zoomIn', _animation_delay: 300 }).connect();
    fire([{ isIntersecting: true }]);
    vi.advanceTimersByTime(299);
    expect(el.classList.contains('elementor-invisible')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(el.className).toBe('animated zoomIn');
    vi.useRealTimers();
  });
});

describe('stretch', () => {
  // jsdom lays nothing out: the element's box and the viewport's width are set here.
  const place = (el: HTMLElement, left: number, right: number): void => {
    el.getBoundingClientRect = () => ({ left, right, top: 0, bottom: 10, width: right - left, height: 10 }) as DOMRect;
  };
  beforeEach(() => {
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1280 });
  });
  afterEach(() => {
    Reflect.deleteProperty(document.documentElement, 'clientWidth');
  });

  it('stretches on connect, re-stretches on sticky:change and resize, and resets when turned off', () => {
    const bus = createBus();
    const el = mount('<div></div>');
    place(el, 140, 1140);
    const handler = make<StretchHandler>(StretchHandler, el, { stretch_element: 'yes' }, bus);
    handler.connect();
    expect(el.classList.contains('elementor-section-stretched')).toBe(true);
    expect([el.style.position, el.style.width, el.style.left]).toEqual(['relative', '1280px', '-140px']);
    // Sticking moved the element: the stretch follows it.
    place(el, 40, 1040);
    bus.emit('sticky:change', { element: el, sticky: true });
    expect(el.style.left).toBe('-40px');
    place(el, 90, 1090);
    window.dispatchEvent(new Event('resize'));
    expect(el.style.left).toBe('-90px');
    handler.disconnect();
    expect(el.getAttribute('style') ?? '').toBe('');
    expect(el.classList.contains('elementor-section-stretched')).toBe(false);
    // Disconnected, it no longer follows.
    bus.emit('sticky:change', { element: el, sticky: false });
    window.dispatchEvent(new Event('resize'));
    expect(el.getAttribute('style') ?? '').toBe('');
  });

  it('aligns to the right edge in RTL', () => {
    const el = mount('<div></div>');
    place(el, 140, 1140);
    const handler = make(StretchHandler, el, {}, createBus(), config({ is_rtl: true }));
    handler.connect();
    expect([el.style.width, el.style.right, el.style.left]).toEqual(['1280px', '-140px', '']);
    handler.disconnect();
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

describe('anchors under sticky elements', () => {
  // The manager recomputes in the animation frame after a mutation: deliver the observers' records (a
  // microtask), then run exactly that frame, with no wall-clock wait.
  beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());
  const frame = async () => {
    await Promise.resolve();
    vi.advanceTimersToNextFrame();
  };

  it('gives anchor targets the sticky offset and recomputes when the body children change', async () => {
    const { default: AnchorsHandler } = await import('./anchors/anchors');
    document.body.innerHTML = '<div data-id="hdr1" class="sticky"><a href="#faq">FAQ</a></div><section id="faq"></section>';
    const sticky = document.body.firstElementChild as HTMLElement;
    const handler = make(AnchorsHandler, sticky, { sticky: 'top', sticky_anchor_link_offset: 90 });
    handler.connect();
    await frame();
    expect(document.getElementById('faq')!.style.scrollMarginTop).toBe('90px');

    const link = document.createElement('a');
    link.href = '#late';
    const late = document.createElement('div');
    late.id = 'late';
    document.body.append(link, late);
    await frame();
    expect(late.style.scrollMarginTop).toBe('90px');

    handler.disconnect();
    await frame();
    expect(document.getElementById('faq')!.style.scrollMarginTop).toBe('');
  });
});

describe('gallery', () => {
  it('adds captions from image titles and lays out masonry columns for the device', async () => {
    const { default: GalleryHandler } = await import('../../react-app/widgets/gallery/handler');
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
