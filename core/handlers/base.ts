import type { SiteConfig } from '../config/site-config';
import type { RuntimeBus } from '../events/bus';
import { CLASS_BRAND, requireArg } from '../errors';
import { debounce } from '../timing/debounce';
import { whenIdle } from '../timing/idle';

export type Settings = Record<string, unknown>;

export interface HandlerContext {
  element: HTMLElement;
  settings: Settings;
  config: SiteConfig;
  bus: RuntimeBus;
  /** The current device mode, recomputed on resize. */
  deviceMode: () => string;
  /** Connected after the runtime's first scan of the page: an element added or changed since (the editor's edits). */
  afterStart?: boolean;
}

/**
 * The one lifecycle of the runtime: whatever attaches behaviour to the page (a handler, or a part a handler
 * composes such as the back-to-top button) starts in connect() and releases everything in disconnect().
 */
export interface Connectable {
  connect(): void;
  disconnect(): void;
}

/**
 * The base every element handler extends. Subclasses override connect/disconnect (and, for live editing,
 * onSettingsChange). Listeners and timers registered through listen/setTimer are released automatically.
 */
export abstract class Handler<S extends Settings = Settings> {
  /** Recognised across bundles (see CLASS_BRAND). */
  static readonly [CLASS_BRAND] = 'handler';
  readonly element: HTMLElement;
  protected settings: S;
  protected readonly config: SiteConfig;
  protected readonly bus: RuntimeBus;
  protected readonly deviceMode: () => string;
  /** Connected after the runtime's first scan (HandlerContext.afterStart). */
  protected readonly afterStart: boolean;
  private cleanups: Array<() => void> = [];
  private readonly parts = new Map<Connectable, () => void>();

  constructor(ctx: HandlerContext) {
    requireArg(ctx, 'context');
    this.element = requireArg(ctx.element, 'element');
    this.settings = (ctx.settings ?? {}) as S;
    this.config = requireArg(ctx.config, 'config');
    this.bus = requireArg(ctx.bus, 'bus');
    this.deviceMode = ctx.deviceMode;
    this.afterStart = ctx.afterStart ?? false;
  }

  get isEdit(): boolean {
    return this.config.environmentMode.edit;
  }

  /** Called once when the handler attaches. */
  connect(): void | Promise<void> {}

  /** Called when the element leaves the page or the handler is replaced. Override, then call super. */
  disconnect(): void {
    this.parts.clear();
    for (const fn of this.cleanups.splice(0)) {
      try {
        fn();
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** Edit mode: settings changed live. The default re-creates the behaviour; handlers may do better. */
  onSettingsChange(changed: Partial<S>): void | Promise<void> {
    this.disconnect();
    this.settings = { ...this.settings, ...changed };
    return this.connect();
  }

  onDeviceModeChange(_mode: string): void {}

  protected listen<K extends keyof HTMLElementEventMap>(
    target: EventTarget,
    type: K | string,
    fn: (e: Event) => void,
    options?: AddEventListenerOptions,
  ): void {
    target.addEventListener(type, fn, options);
    this.cleanups.push(() => target.removeEventListener(type, fn, options));
  }

  protected setTimer(fn: () => void, ms: number): number {
    const id = window.setTimeout(fn, ms);
    this.cleanups.push(() => window.clearTimeout(id));
    return id;
  }

  /** `fn` run once `ms` after the last call (resize handling); the pending run is dropped on disconnect. */
  protected debounced(fn: () => void, ms: number): () => void {
    const run = debounce(fn, ms);
    this.cleanups.push(run.cancel);
    return run;
  }

  /**
   * `fn` at the next frame, before it is laid out: a read of the layout there (scroll position, sizes) costs
   * no layout of its own, where one in connect lays the page out inside boot's task. Dropped on disconnect.
   */
  protected nextFrame(fn: () => void): void {
    const id = requestAnimationFrame(fn);
    this.cleanups.push(() => cancelAnimationFrame(id));
  }

  /** `fn` once the browser is idle (at the latest after `timeoutMs`): work the first view does not need. */
  protected whenIdle(fn: () => void, timeoutMs: number): void {
    const handle = whenIdle(fn, timeoutMs);
    this.cleanups.push(() => handle.cancel());
  }

  /** Connects a part now and disconnects it with this handler (or earlier, through `release`). */
  protected use<T extends Connectable>(part: T): T {
    part.connect();
    const off = (): void => part.disconnect();
    this.parts.set(part, off);
    this.cleanups.push(off);
    return part;
  }

  /** Disconnects a part `use` connected before this handler disconnects (the header swapping its menu). */
  protected release(part: Connectable): void {
    const off = this.parts.get(part);
    if (!off) return;
    this.parts.delete(part);
    this.cleanups = this.cleanups.filter((fn) => fn !== off);
    off();
  }

  protected onCleanup(fn: () => void): void {
    this.cleanups.push(fn);
  }
}

export type HandlerClass = new (ctx: HandlerContext) => Handler;
