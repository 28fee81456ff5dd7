import type { SiteConfig } from './config/site-config';
import { browserViewport, deviceModeOf } from './config/breakpoints';
import { ChunkLoader } from './chunks/chunk-loader';
import { requireSubclass } from './errors';
import { debounce } from './timing/debounce';
import { Handler, type HandlerClass, type Settings } from './handlers/base';
import type { HandlerEntry, HandlerRegistry } from './handlers/registry';
import { createBus, type HandlerPhase, type RuntimeBus } from './events/bus';
import { NearViewport } from './near-viewport';
import { whenIdle, type IdleHandle } from './timing/idle';
import { TimeSlicer } from './timing/yield';

const ELEMENT_SELECTOR = '[data-element_type]';
const RESIZE_DEBOUNCE_MS = 100;
/** `idle` entries connect by then at the latest, even on a page that is never idle. */
const IDLE_TIMEOUT_MS = 1000;
/**
 * Handlers connect in tasks of at most about this long (each connect may lay the page out): on a phone, a page
 * of many widgets connecting in one task was its longest task.
 */
const CONNECT_SLICE_MS = 30;

interface ChunkModule {
  default: HandlerClass;
}

/** Parses data-settings; broken JSON from a hand-edited page must not stop the other widgets. */
export function parseSettings(element: HTMLElement): Settings {
  const raw = element.dataset.settings;
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Settings) : {};
  } catch {
    console.warn(`Invalid data-settings on element ${element.dataset.id ?? ''}`);
    return {};
  }
}

/**
 * Attaches handlers to server-rendered elements, loads their chunks on demand, re-attaches when the DOM
 * changes (edit mode re-renders) and releases handlers of removed elements.
 */
export class Runtime {
  readonly bus: RuntimeBus;
  readonly loader: ChunkLoader;
  private readonly attached = new Map<HTMLElement, Map<string, Handler>>();
  private readonly pending = new WeakMap<HTMLElement, Set<string>>();
  private observer: MutationObserver | null = null;
  /** The first scan is done: what connects now was added or changed since (HandlerContext.afterStart). */
  private started = false;
  /** Connects `nearViewport` entries when their element comes near; null: connect everything at once. */
  private nearViewport: NearViewport | null = null;
  private mode: string;
  /** `idle` entries waiting for the browser to be idle (dropped by stop()). */
  private readonly idle = new Set<IdleHandle>();
  private readonly slicer = new TimeSlicer(CONNECT_SLICE_MS);

  constructor(
    readonly config: SiteConfig,
    readonly registry: HandlerRegistry,
    options: { loader?: ChunkLoader; bus?: RuntimeBus; root?: Document } = {},
  ) {
    this.bus = options.bus ?? createBus();
    this.loader = options.loader ?? new ChunkLoader({ baseUrl: config.urls.assets, chunks: config.chunks });
    this.mode = this.computeDeviceMode();
  }

  get deviceMode(): string {
    return this.mode;
  }

  private computeDeviceMode(): string {
    return deviceModeOf(browserViewport(), this.config.responsive.breakpoints);
  }

  /** Scans the document, then follows DOM changes and resizes. Returns when the first scan's chunks settle. */
  async start(root: Document = document): Promise<void> {
    window.addEventListener('resize', this.onResize);
    this.observer = new MutationObserver((records) => this.onMutations(records));
    this.observer.observe(root.body, { childList: true, subtree: true });
    // The editor connects everything: the user edits any widget, wherever it is.
    if (NearViewport.supported() && !this.config.environmentMode.edit) this.nearViewport = new NearViewport(root);
    await this.scan(root.body);
    this.started = true;
  }

  stop(): void {
    this.started = false;
    window.removeEventListener('resize', this.onResize);
    this.onResize.cancel();
    this.observer?.disconnect();
    this.nearViewport?.disconnect();
    this.nearViewport = null;
    for (const handle of this.idle) handle.cancel();
    this.idle.clear();
    for (const element of [...this.attached.keys()]) this.detach(element);
  }

  /** Attaches every matching handler inside root (root included). */
  async scan(root: ParentNode & Node): Promise<void> {
    const elements: HTMLElement[] = [];
    if (root instanceof HTMLElement && root.matches(ELEMENT_SELECTOR)) elements.push(root);
    root.querySelectorAll<HTMLElement>(ELEMENT_SELECTOR).forEach((el) => elements.push(el));
    const jobs: Promise<void>[] = [];
    for (const element of elements) {
      const candidates = this.registry.candidates(element.dataset.element_type, element.dataset.widget_type?.split('.')[0]);
      if (!candidates.length) continue; // most elements: no handler, no settings to parse
      const settings = parseSettings(element);
      for (const entry of candidates) if (!entry.when || entry.when(settings, element)) jobs.push(this.schedule(element, entry, settings));
    }
    for (const entry of this.registry.selectorEntries()) {
      const matches: HTMLElement[] = [];
      if (root instanceof HTMLElement && root.matches(entry.selector!)) matches.push(root);
      root.querySelectorAll<HTMLElement>(entry.selector!).forEach((el) => matches.push(el));
      for (const element of matches) {
        const settings = parseSettings(element);
        if (!entry.when || entry.when(settings, element)) jobs.push(this.schedule(element, entry, settings));
      }
    }
    await Promise.all(jobs);
  }

  /** Attaches now, or (an `idle` entry outside the editor) once the browser is idle: boot does not wait for it. */
  private schedule(element: HTMLElement, entry: HandlerEntry, settings: Settings): Promise<void> {
    if (!entry.idle || this.config.environmentMode.edit) return this.attach(element, entry, settings);
    const handle = whenIdle(() => {
      this.idle.delete(handle);
      void this.attach(element, entry, settings);
    }, IDLE_TIMEOUT_MS);
    this.idle.add(handle);
    return Promise.resolve();
  }

  private async attach(element: HTMLElement, entry: HandlerEntry, settings: Settings): Promise<void> {
    const key = entry.chunk;
    if (this.attached.get(element)?.has(key)) return; // attach once per element
    const pending = this.pending.get(element) ?? new Set<string>();
    if (pending.has(key)) return;
    pending.add(key);
    this.pending.set(element, pending);
    let waiting = false;
    try {
      const mod = await this.guard(key, element, 'load', async () => {
        const loaded = await this.loader.load<ChunkModule>(entry.chunk);
        requireSubclass(loaded.default, Handler); // a chunk must export a Handler: 'invalid constructor type'
        return loaded;
      });
      if (!mod) return;
      this.loadStyles(entry.chunk);
      if (!element.isConnected) return;
      if (entry.nearViewport && this.nearViewport) {
        // The chunk is loaded (boot waits for that), so the connect is immediate when the element comes near.
        // Boot does not wait for it: the first intersection answer needs a rendered frame.
        waiting = true;
        void this.nearViewport
          .watch(element)
          .then(() => this.connect(element, entry, settings, mod))
          .finally(() => pending.delete(key));
        return;
      }
      await this.connect(element, entry, settings, mod);
    } finally {
      if (!waiting) pending.delete(key);
    }
  }

  private async connect(element: HTMLElement, entry: HandlerEntry, settings: Settings, mod: ChunkModule): Promise<void> {
    const key = entry.chunk;
    // Checked right before the work (no await when within the slice), so each check sees the connects before it.
    const pause = this.slicer.next();
    if (pause) await pause;
    if (!element.isConnected || this.attached.get(element)?.has(key)) return;
    const connected = await this.guard(key, element, 'connect', async () => {
      const handler = new mod.default({
        element,
        settings,
        config: this.config,
        bus: this.bus,
        deviceMode: () => this.mode,
        afterStart: this.started,
      });
      let handlers = this.attached.get(element);
      if (!handlers) this.attached.set(element, (handlers = new Map()));
      handlers.set(key, handler);
      await handler.connect();
      return true;
    });
    if (connected) this.bus.emit('handler:attached', { type: key, element });
  }

  /**
   * The one error boundary of every handler hook: a failure is logged with the chunk, the element and the
   * phase, reported on the bus, and never stops the other widgets. Resolves to undefined when `fn` failed.
   */
  private async guard<T>(chunk: string, element: HTMLElement, phase: HandlerPhase, fn: () => T | Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (error) {
      const id = element.dataset.id ? `[data-id="${element.dataset.id}"]` : element.tagName.toLowerCase();
      console.error(`Handler "${chunk}" failed in ${phase} on ${id}:`, error);
      this.bus.emit('handler:error', { type: chunk, element, error, phase });
      return undefined;
    }
  }

  private readonly loadedStyles = new Set<string>();
  private loadStyles(chunk: string): void {
    for (const file of this.config.chunkStyles?.[chunk] ?? []) {
      const base = new URL(this.config.urls.assets, location.href);
      const href = new URL(file, base).href;
      // The server inlines the stylesheets of the chunks it knows the page needs (<style data-href>, relative to
      // the assets folder); a linked one may come from elsewhere (relative hrefs): compare resolved.
      if (
        this.loadedStyles.has(href) ||
        [...document.querySelectorAll<HTMLElement>('style[data-href]')].some((s) => new URL(s.dataset.href ?? '', base).href === href) ||
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((l) => l.href === href)
      )
        continue;
      this.loadedStyles.add(href);
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      document.head.appendChild(link);
    }
  }

  detach(element: HTMLElement): void {
    const handlers = this.attached.get(element);
    if (!handlers) return;
    for (const [chunk, handler] of handlers) void this.guard(chunk, element, 'disconnect', () => handler.disconnect());
    this.attached.delete(element);
  }

  handlersOf(element: HTMLElement): Handler[] {
    return [...(this.attached.get(element)?.values() ?? [])];
  }

  /** Edit mode: pass changed settings to the element's handlers (they decide whether to update in place). */
  async updateSettings(element: HTMLElement, changed: Settings): Promise<void> {
    const current = parseSettings(element);
    const next = { ...current, ...changed };
    element.dataset.settings = JSON.stringify(next);
    const handlers = this.attached.get(element);
    if (handlers)
      await Promise.all([...handlers].map(([chunk, h]) => this.guard(chunk, element, 'settings', () => h.onSettingsChange(changed))));
    // A setting may switch a behaviour on (stretch, motion): attach what now matches.
    await this.scan(element);
    // ...or off: detach handlers whose entry no longer matches.
    const still = new Set(this.registry.forElement(element, next).map((e) => e.chunk));
    for (const [key, handler] of handlers ?? []) {
      if (!still.has(key) && this.registry.forElement(element, current).some((e) => e.chunk === key)) {
        void this.guard(key, element, 'disconnect', () => handler.disconnect());
        handlers!.delete(key);
      }
    }
  }

  private onMutations(records: MutationRecord[]): void {
    if (records.some((r) => r.removedNodes.length)) this.nearViewport?.forgetDisconnected();
    for (const record of records) {
      record.removedNodes.forEach((node) => {
        if (!(node instanceof HTMLElement)) return;
        for (const element of [...this.attached.keys()])
          if (!element.isConnected && (node === element || node.contains(element))) this.detach(element);
      });
      record.addedNodes.forEach((node) => {
        if (node instanceof HTMLElement) void this.scan(node);
      });
    }
  }

  private readonly onResize = debounce(() => {
    const next = this.computeDeviceMode();
    if (next === this.mode) return;
    const previous = this.mode;
    this.mode = next;
    this.bus.emit('device-mode:change', { mode: next, previous });
    for (const [element, handlers] of this.attached)
      for (const [chunk, h] of handlers) void this.guard(chunk, element, 'device-mode', () => h.onDeviceModeChange(next));
  }, RESIZE_DEBOUNCE_MS);
}
