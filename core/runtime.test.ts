// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from './config/site-config';
import { defaultBreakpoints } from './config/breakpoints';
import { ChunkLoader } from './chunks/chunk-loader';
import { Handler } from './handlers/base';
import { HandlerRegistry } from './handlers/registry';
import { Runtime } from './runtime';

const config = {
  environmentMode: { edit: false, wpPreview: false, isScriptDebug: false },
  urls: { assets: '/assets/runtime/', uploadUrl: '', rest: '/wp-json/', shopApi: '/api/shop/v1/' },
  responsive: { breakpoints: defaultBreakpoints },
  i18n: {},
  chunks: {},
  chunkStyles: {},
} as unknown as SiteConfig;

const log: string[] = [];
class Recorder extends Handler {
  override connect(): void {
    log.push(`connect ${this.element.dataset.id} ${JSON.stringify(this.settings)}`);
  }
  override disconnect(): void {
    log.push(`disconnect ${this.element.dataset.id}`);
    super.disconnect();
  }
}
class FailsLater extends Handler {
  override connect(): void {
    log.push(`connect ${this.element.dataset.id}`);
  }
  override onDeviceModeChange(): void {
    throw new Error('device mode hook');
  }
  override onSettingsChange(): void {
    throw new Error('settings hook');
  }
  override disconnect(): void {
    super.disconnect();
    throw new Error('disconnect hook');
  }
}
class Broken extends Handler {
  override connect(): void {
    throw new Error('broken widget');
  }
}

function setup(importer: (url: string) => Promise<unknown>, siteConfig: SiteConfig = config) {
  const registry = new HandlerRegistry()
    .register({ widget: 'image-carousel', chunk: 'carousel' })
    .register({ element: 'container', chunk: 'stretch', when: (s) => s.stretch_element === 'yes' })
    .register({ widget: 'broken', chunk: 'broken' })
    .register({ widget: 'not-a-handler', chunk: 'not-a-handler' })
    .register({ widget: 'fails-later', chunk: 'fails-later' });
  const loader = new ChunkLoader({ baseUrl: 'http://x.test/', chunks: {}, importer, prober: async () => 404 });
  return new Runtime(siteConfig, registry, { loader });
}

const importer = vi.fn(async (url: string) => {
  if (url.endsWith('broken.js')) return { default: Broken };
  if (url.endsWith('not-a-handler.js')) return { default: class NotAHandler {} };
  if (url.endsWith('fails-later.js')) return { default: FailsLater };
  if (url.endsWith('missing.js')) throw new Error('404');
  return { default: Recorder };
});

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  log.length = 0;
  importer.mockClear();
});

describe('Runtime', () => {
  it('attaches a handler once per element and loads each chunk once', async () => {
    document.body.innerHTML = `
      <div data-element_type="widget" data-widget_type="image-carousel.default" data-id="a1" data-settings='{"speed":300}'></div>
      <div data-element_type="widget" data-widget_type="image-carousel.default" data-id="a2"></div>
      <div data-element_type="widget" data-widget_type="heading.default" data-id="a3"></div>`;
    const rt = setup(importer);
    await rt.start();
    await rt.scan(document.body); // a second scan must not attach again
    expect(log).toEqual(['connect a1 {"speed":300}', 'connect a2 {}']);
    expect(importer).toHaveBeenCalledTimes(1);
    rt.stop();
  });

  it("links a chunk's stylesheets once loaded, except those the server inlined in the head", async () => {
    document.head.innerHTML = '<style data-href="css/swiper-1.css">.swiper{}</style>';
    document.body.innerHTML = `<div data-element_type="widget" data-widget_type="image-carousel.default" data-id="a1"></div>`;
    const rt = setup(importer, { ...config, chunkStyles: { carousel: ['css/swiper-1.css', 'css/navigation-1.css'] } });
    try {
      await rt.start();
      const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname);
      expect(links).toEqual(['/assets/runtime/css/navigation-1.css']);
    } finally {
      rt.stop();
    }
  });

  it('loads a conditional chunk only where its setting is on', async () => {
    document.body.innerHTML = `
      <div data-element_type="container" data-id="c1" data-settings='{"stretch_element":"yes"}'></div>
      <div data-element_type="container" data-id="c2"></div>`;
    const rt = setup(importer);
    await rt.start();
    expect(log).toEqual(['connect c1 {"stretch_element":"yes"}']);
    rt.stop();
  });

  it('detaches handlers of removed elements and attaches to added ones', async () => {
    document.body.innerHTML = `<div data-element_type="widget" data-widget_type="image-carousel.default" data-id="a1"></div>`;
    const rt = setup(importer);
    await rt.start();
    document.querySelector('[data-id="a1"]')!.remove();
    const added = document.createElement('div');
    added.innerHTML = `<div data-element_type="widget" data-widget_type="image-carousel.default" data-id="b1"></div>`;
    document.body.appendChild(added);
    await vi.waitFor(() => expect(log).toEqual(['connect a1 {}', 'disconnect a1', 'connect b1 {}']));
    rt.stop();
  });

  it('tells a handler whether it connects in the first scan or after it (an element added or changed since)', async () => {
    const seen: string[] = [];
    class Timing extends Handler {
      override connect(): void {
        seen.push(`${this.element.dataset.id} ${this.afterStart ? 'after start' : 'first scan'}`);
      }
    }
    const registry = new HandlerRegistry().register({ widget: 'timing', chunk: 'timing' });
    const loader = new ChunkLoader({
      baseUrl: 'http://x.test/',
      chunks: {},
      importer: async () => ({ default: Timing }),
      prober: async () => 404,
    });
    document.body.innerHTML = `<div data-element_type="widget" data-widget_type="timing.default" data-id="t1"></div>`;
    const rt = new Runtime(config, registry, { loader });
    await rt.start();
    document.body.insertAdjacentHTML('beforeend', `<div data-element_type="widget" data-widget_type="timing.default" data-id="t2"></div>`);
    await vi.waitFor(() => expect(seen).toEqual(['t1 first scan', 't2 after start']));
    rt.stop();
  });

  it('keeps going when one widget throws, and reports it', async () => {
    document.body.innerHTML = `
      <div data-element_type="widget" data-widget_type="broken.default" data-id="x1"></div>
      <div data-element_type="widget" data-widget_type="image-carousel.default" data-id="a1" data-settings="{not json"></div>`;
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rt = setup(importer);
    rt.bus.on('handler:error', (e) => errors.push((e as { error: unknown }).error));
    await rt.start();
    expect(log).toEqual(['connect a1 {}']);
    expect(errors).toHaveLength(1);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    warn.mockRestore();
    rt.stop();
  });

  it("refuses a chunk that does not export a Handler with 'invalid constructor type' and keeps going", async () => {
    document.body.innerHTML = `
      <div data-element_type="widget" data-widget_type="not-a-handler.default" data-id="n1"></div>
      <div data-element_type="widget" data-widget_type="image-carousel.default" data-id="a1"></div>`;
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const rt = setup(importer);
    rt.bus.on('handler:error', (e) => errors.push((e as { error: unknown }).error));
    await rt.start();
    expect(log).toEqual(['connect a1 {}']);
    expect(errors).toEqual([new Error('invalid constructor type')]);
    spy.mockRestore();
    rt.stop();
  });

  it('guards every hook: a throwing device-mode, settings or disconnect hook is logged with its phase and the rest go on', async () => {
    document.body.innerHTML = `
      <div data-element_type="widget" data-widget_type="fails-later.default" data-id="f1"></div>
      <div data-element_type="widget" data-widget_type="image-carousel.default" data-id="a1"></div>`;
    vi.useFakeTimers();
    const reports: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const rt = setup(importer);
    rt.bus.on('handler:error', (e) => reports.push(`${e.type} ${e.phase} ${(e.error as Error).message}`));
    await rt.start();
    const failing = document.querySelector<HTMLElement>('[data-id="f1"]')!;
    await rt.updateSettings(failing, { title: 'x' });
    vi.stubGlobal('innerWidth', 400); // phone width: the device mode changes after the resize debounce
    window.dispatchEvent(new Event('resize'));
    await vi.runAllTimersAsync();
    failing.remove();
    rt.stop();
    expect(reports).toEqual([
      'fails-later settings settings hook',
      'fails-later device-mode device mode hook',
      'fails-later disconnect disconnect hook',
    ]);
    expect(spy.mock.calls[0][0]).toBe('Handler "fails-later" failed in settings on [data-id="f1"]:');
    expect(log).toContain('disconnect a1');
    spy.mockRestore();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('passes live setting changes to handlers and switches conditional behaviours on and off', async () => {
    document.body.innerHTML = `<div data-element_type="container" data-id="c1"></div>`;
    const rt = setup(importer);
    await rt.start();
    const el = document.querySelector<HTMLElement>('[data-id="c1"]')!;
    await rt.updateSettings(el, { stretch_element: 'yes' });
    expect(log).toEqual(['connect c1 {"stretch_element":"yes"}']);
    await rt.updateSettings(el, { stretch_element: '' });
    expect(log.at(-1)).toBe('disconnect c1');
    expect(rt.handlersOf(el)).toHaveLength(0);
    rt.stop();
  });
});

describe('Runtime: handlers that connect near the viewport', () => {
  // jsdom has no IntersectionObserver: a fake one the test drives, like the browser would on scrolling.
  const observed = new Set<Element>();
  let notify: (targets: Element[]) => void = () => undefined;
  class FakeObserver {
    constructor(callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void) {
      notify = (targets) => callback(targets.map((target) => ({ target, isIntersecting: true })));
    }
    observe(el: Element) {
      observed.add(el);
    }
    unobserve(el: Element) {
      observed.delete(el);
    }
    disconnect() {
      observed.clear();
    }
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    observed.clear();
  });

  function lazySetup() {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const registry = new HandlerRegistry()
      .register({ widget: 'counter', chunk: 'counter', nearViewport: true })
      .register({ widget: 'image-carousel', chunk: 'carousel' });
    const loader = new ChunkLoader({ baseUrl: 'http://x.test/', chunks: {}, importer, prober: async () => 404 });
    return new Runtime(config, registry, { loader });
  }

  it('loads the chunk at boot but connects only when the element comes near, or when focus moves into it', async () => {
    document.body.innerHTML = `
      <div data-element_type="widget" data-widget_type="counter.default" data-id="n1"></div>
      <div data-element_type="widget" data-widget_type="counter.default" data-id="n2"><button>Go</button></div>
      <div data-element_type="widget" data-widget_type="image-carousel.default" data-id="c1"></div>`;
    const rt = lazySetup();
    await rt.start();
    // Boot is done: the eager handler is connected, the counters' chunk is loaded, the counters wait.
    expect(log).toEqual(['connect c1 {}']);
    expect(importer.mock.calls.map(([url]) => url.split('/').pop())).toEqual(expect.arrayContaining(['counter.js']));
    expect(observed.size).toBe(2);
    notify([document.querySelector('[data-id="n1"]')!]);
    await vi.waitFor(() => expect(log).toEqual(['connect c1 {}', 'connect n1 {}']));
    document.querySelector<HTMLButtonElement>('[data-id="n2"] button')!.focus();
    await vi.waitFor(() => expect(log).toEqual(['connect c1 {}', 'connect n1 {}', 'connect n2 {}']));
    expect(observed.size).toBe(0);
    rt.stop();
  });

  it('never connects a waiting element that left the page, and attaches it again when it comes back', async () => {
    document.body.innerHTML = `<section><div data-element_type="widget" data-widget_type="counter.default" data-id="n1"></div></section>`;
    const rt = lazySetup();
    await rt.start();
    const section = document.querySelector('section')!;
    const counter = section.firstElementChild!;
    section.remove();
    await vi.waitFor(() => expect(observed.size).toBe(0));
    notify([counter]);
    document.body.appendChild(section);
    await vi.waitFor(() => expect(observed.size).toBe(1));
    expect(log).toEqual([]);
    notify([counter]);
    await vi.waitFor(() => expect(log).toEqual(['connect n1 {}']));
    rt.stop();
  });

  it('connects everything at once in the editor', async () => {
    document.body.innerHTML = `<div data-element_type="widget" data-widget_type="counter.default" data-id="n1"></div>`;
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const registry = new HandlerRegistry().register({ widget: 'counter', chunk: 'counter', nearViewport: true });
    const loader = new ChunkLoader({ baseUrl: 'http://x.test/', chunks: {}, importer, prober: async () => 404 });
    const editing = { ...config, environmentMode: { ...config.environmentMode, edit: true } } as SiteConfig;
    const rt = new Runtime(editing, registry, { loader });
    await rt.start();
    expect(log).toEqual(['connect n1 {}']);
    rt.stop();
  });
});

describe('Runtime: services that show nothing wait for the browser to be idle', () => {
  const idle: Array<() => void> = [];
  const timeouts: number[] = [];
  afterEach(() => {
    vi.unstubAllGlobals();
    idle.length = 0;
    timeouts.length = 0;
  });

  function idleSetup(edit = false) {
    vi.stubGlobal('requestIdleCallback', (fn: () => void, options?: { timeout?: number }) => {
      timeouts.push(options?.timeout ?? 0);
      return idle.push(fn);
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => (idle[id - 1] = () => undefined));
    const registry = new HandlerRegistry()
      .register({ selector: 'body', chunk: 'vitals', idle: true })
      .register({ widget: 'image-carousel', chunk: 'carousel' });
    const loader = new ChunkLoader({ baseUrl: 'http://x.test/', chunks: {}, importer, prober: async () => 404 });
    const cfg = edit ? ({ ...config, environmentMode: { ...config.environmentMode, edit: true } } as SiteConfig) : config;
    return new Runtime(cfg, registry, { loader });
  }
  const imported = () => importer.mock.calls.map(([url]) => url.split('/').pop());

  it('boot neither loads nor connects them; they connect once idle, with a timeout for a page never idle', async () => {
    document.body.innerHTML = `<div data-element_type="widget" data-widget_type="image-carousel.default" data-id="c1"></div>`;
    const rt = idleSetup();
    await rt.start();
    expect(log).toEqual(['connect c1 {}']);
    expect(imported()).not.toContain('vitals.js');
    expect(timeouts).toEqual([1000]);
    idle.splice(0).forEach((fn) => fn());
    await vi.waitFor(() => expect(log).toEqual(['connect c1 {}', 'connect undefined {}']));
    expect(imported()).toContain('vitals.js');
    rt.stop();
  });

  it('a runtime stopped before the browser was idle connects nothing more', async () => {
    const rt = idleSetup();
    await rt.start();
    rt.stop();
    idle.splice(0).forEach((fn) => fn());
    await Promise.resolve();
    expect(imported()).not.toContain('vitals.js');
    expect(log).toEqual([]);
  });

  it('the editor connects them at once', async () => {
    const rt = idleSetup(true);
    await rt.start();
    expect(log).toEqual(['connect undefined {}']);
    expect(idle).toEqual([]);
    rt.stop();
  });
});
