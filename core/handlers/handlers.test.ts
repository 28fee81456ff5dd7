// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBus } from '../events/bus';
import LinkActionsHandler from './link-actions/link-actions';
import { encodeActionHref } from '../wire/action-href';
import MotionHandler from './motion/motion';
import StretchHandler from './stretch/stretch';
import { editConfig as config, makeHandler as make, mountFirst as mount, testConfig } from './testing/handler-harness';

// Thin DOM handlers in jsdom: they wire the pure rules to the page and the bus. The widgets' own handlers are
// tested beside them (react-app/widgets/widget-handlers.test.ts).

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('link actions', () => {
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
    const handler = make(MotionHandler, el, { _animation: 'fadeInUp', _animation_delay: 500 }, createBus(), testConfig());
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
    // On a published page: in the editor's canvas an entrance shows its end state (motion/motion.test.ts).
    make(MotionHandler, el, { _animation: 'zoomIn', _animation_delay: 300 }, createBus(), testConfig()).connect();
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

describe('anchors under sticky elements', () => {
  // The manager recomputes when the browser is idle after a mutation (a timer where there are no idle callbacks,
  // as in jsdom): deliver the observers' records (a microtask), then run that timer, with no wall-clock wait.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());
  const frame = async () => {
    await Promise.resolve();
    vi.runOnlyPendingTimers();
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

  it('computes at once when an anchor link is pressed before the browser was idle', async () => {
    const { default: AnchorsHandler } = await import('./anchors/anchors');
    document.body.innerHTML = '<div data-id="hdr2" class="sticky"><a href="#faq">FAQ</a></div><section id="faq"></section>';
    const sticky = document.body.firstElementChild as HTMLElement;
    const handler = make(AnchorsHandler, sticky, { sticky: 'top', sticky_anchor_link_offset: 70 });
    handler.connect();
    expect(document.getElementById('faq')!.style.scrollMarginTop).toBe('');
    sticky.querySelector('a')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(document.getElementById('faq')!.style.scrollMarginTop).toBe('70px');
    handler.disconnect();
    await frame();
  });
});
