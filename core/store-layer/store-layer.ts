import { Handler } from '../handlers/base';
import { applyLateDismissals, showSiteBanner, wireSiteBanner } from '../header/site-banner';
import { ContentLoader, defaultApply } from './content-loader';
import { targetingMode, type ContentKind } from './content-query';
import { CONTENT_AREA, swapHomepage } from './homepage-swap';
import { fillInfoBoxes } from './info-boxes';
import { rewriteLinks, STORE_LINK_ROOTS } from './link-rewrite';
import { api } from '../api/client';
import { http } from '../http';
import * as shop from '../api/shop';
import type { LayerStore } from './store';
import { announceStoreChange, setMyStore, STORE_CHANGE_EVENT, storeChangeOf } from './store-change';
import { STORE_READY_ATTRIBUTE } from './store-change-event';
import { decideStore, readRequirement } from './store-requirement';
import { focusIfLost } from '../a11y/focus';

// The current store on the page (attached to the site header). The server renders the first view for the
// visitor's store (server/render/page-model.ts), so on load this only adopts what it rendered. On a store
// change it rewrites shop/catering/wine links, refills store info boxes, asks the header to rebuild the menu
// from the store's navigation, reloads banner, slider, call to action and personalised content (one call per
// slot), swaps the store's home page in, and applies the page's catering/wine rule.

/** Timers beyond a day are left to the next page view (and setTimeout's 2^31 ms limit). */
const MAX_TIMER_MS = 86_400_000;
/** A little after the change, so the server (whose clock may be a moment behind) already answers it. */
const SCHEDULE_SLACK_MS = 1000;
/** Dismissals the server could not see (applyLateDismissals) apply by then at the latest. */
const LATE_DISMISSALS_TIMEOUT_MS = 2000;

export default class StoreLayer extends Handler {
  private store: LayerStore | null = null;
  private loader!: ContentLoader;
  private changing: Promise<void> = Promise.resolve();

  override async connect(): Promise<void> {
    this.loader = new ContentLoader(
      (url) => http(url),
      (el, kind, html) => this.apply(el, kind, html),
    );
    this.store = this.config.store;
    this.listen(window, STORE_CHANGE_EVENT, (e) => {
      const change = storeChangeOf(e);
      if (change) void this.change(change.storeId, change.store);
    });
    this.listen(document, 'click', (e) => this.onClick(e));
    // The server rendered the first view for this store: links, info boxes, content slots, the store's home
    // page, and the page's store requirement. Only slots it left empty (a failed lookup) are loaded here.
    const input = this.contentInput();
    // The server decided the banner (dismissal cookie included): wire its close control, read no storage now.
    for (const el of this.loader.adopt(document, input))
      if (el.dataset.content === 'site-banner') {
        wireSiteBanner(el);
        this.whenIdle(() => applyLateDismissals(el), LATE_DISMISSALS_TIMEOUT_MS);
      }
    // Header and footer come with their links already for this store (data-links-store): only other roots.
    const rendered = String(this.store?.id ?? '');
    rewriteLinks(
      this.linkRoots().filter((root) => root.closest<HTMLElement>('[data-links-store]')?.dataset.linksStore !== rendered),
      this.store,
    );
    this.followSchedules();
    await this.loader.loadAll(document, input);
    // Said once: a handler connected after it (the header's store dropdown) reads the page's mark instead.
    document.documentElement.setAttribute(STORE_READY_ATTRIBUTE, '');
    this.bus.emit('store:ready', { storeId: this.store?.id ?? null });
  }

  /**
   * Slots whose content changes at a scheduled time ([data-content-next], ms) are asked for again then, so a
   * banner scheduled to start while the page is open appears by itself.
   */
  private followSchedules(): void {
    for (const el of document.querySelectorAll<HTMLElement>('[data-content][data-content-next]')) {
      const wait = Number(el.dataset.contentNext) - Date.now();
      if (!Number.isFinite(wait) || wait > MAX_TIMER_MS) continue;
      this.setTimer(() => {
        this.loader.forget(el);
        void this.loader.load(el, this.contentInput());
      }, Math.max(0, wait) + SCHEDULE_SLACK_MS);
    }
  }

  get currentStore(): LayerStore | null {
    return this.store;
  }

  private apply(element: HTMLElement, kind: ContentKind, html: string): void {
    if (kind === 'site-banner') showSiteBanner(element, html);
    else defaultApply(element, kind, html);
  }

  private contentInput() {
    return {
      mode: targetingMode(this.config.kit),
      store: this.store,
      user: this.config.user,
      webp: () => this.webp(),
    };
  }

  private webpSupport: boolean | undefined;
  private webp(): boolean {
    // A 1x1 canvas, asked once: encoding the default 300x150 one took 5-12 ms of the runtime's boot.
    if (this.webpSupport === undefined) {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        this.webpSupport = canvas.toDataURL('image/webp').startsWith('data:image/webp');
      } catch {
        this.webpSupport = false;
      }
    }
    return this.webpSupport;
  }

  /** Everything that depends on the store, after a change. */
  private async refresh({ navigation }: { navigation: boolean }): Promise<void> {
    const store = this.store;
    if (navigation && store) {
      try {
        const nav = await api(shop.navigation, { params: { id: store.other_attributes?.related_shopping_id ?? store.id } });
        this.bus.emit('navigation:change', { navigation: nav });
      } catch (error) {
        console.error(error);
      }
    }
    rewriteLinks(this.linkRoots(), store);
    fillInfoBoxes(document, store);
    const input = this.contentInput();
    // A swapped-in home page comes rendered for the new store: its slots are adopted, not loaded again.
    const swapped = await this.swapHome();
    if (swapped) this.loader.adopt(swapped, input);
    await this.loader.loadAll(document, input);
  }

  private linkRoots(): Element[] {
    return [...document.querySelectorAll(STORE_LINK_ROOTS.join(', '))];
  }

  /**
   * The visitor chose a store somewhere on the page (store picker island, store page, another chunk). The store
   * comes with the announcement when the announcer has it (the PUT's answer); only a bare id is asked for.
   */
  change(storeId: number, store?: LayerStore): Promise<void> {
    this.changing = this.changing.then(async () => {
      if (this.store && this.store.id === storeId && this.store.slug) return;
      this.bus.emit('store:loading', { active: true });
      try {
        this.store = store ?? (await api(shop.store, { params: { id: storeId } }));
      } catch (error) {
        console.error(error);
        return;
      } finally {
        this.bus.emit('store:loading', { active: false });
      }
      this.markMyStore();
      if (await this.applyRequirement()) return;
      await this.refresh({ navigation: true });
    });
    return this.changing;
  }

  /** Store page buttons: 'Make This My Store'. */
  private async onClick(event: Event): Promise<void> {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-make-my-store]');
    if (!button) return;
    const id = Number(button.dataset.makeMyStore);
    button.disabled = true;
    try {
      announceStoreChange(await setMyStore(id));
    } catch (error) {
      console.error(error);
      button.disabled = false;
    }
  }

  private markMyStore(): void {
    const page = document.querySelector<HTMLElement>('[data-store-page]');
    if (!page || !this.store || Number(page.dataset.storeId) !== this.store.id) return;
    const actions = page.querySelector('.store-page__actions');
    if (actions) {
      actions.innerHTML = '<a class="button" href="/store/store-locator">Select Another Store</a>';
      focusIfLost(actions.querySelector<HTMLElement>('a')); // the pressed 'Make This My Store' is gone
    }
    const status = page.querySelector('.store-page__status');
    if (status && !status.querySelector('[data-my-store]'))
      status.insertAdjacentHTML('beforeend', ' <strong class="badge badge--mine" data-my-store="">My Store</strong>');
  }

  /** The page's catering/wine rule after a store change (the server applies it to the first view). */
  private async applyRequirement(): Promise<boolean> {
    const requirement = readRequirement(this.config.page);
    if (!requirement) return false;
    if (this.store && this.store.kind === undefined)
      this.store = await api(shop.store, { params: { id: this.store.id } }).catch(() => this.store);
    const decision = decideStore(requirement, this.store);
    if (decision.action === 'none') return false;
    if (decision.action === 'redirect') {
      location.assign(decision.url);
      return true;
    }
    try {
      await setMyStore(decision.storeId);
      location.reload();
      return true;
    } catch (error) {
      console.error(error);
      return false;
    }
  }

  /**
   * On a home page: the page as the server now renders it for the new store (the store group's own home page,
   * if it has one), in one request; when its content area is another document, it replaces this one's, which
   * is returned.
   */
  private async swapHome(): Promise<Element | null> {
    if (!document.body.classList.contains('page-home') || !this.store) return null;
    try {
      const res = await fetch(location.pathname + location.search, { credentials: 'same-origin' });
      if (!res.ok) return null;
      const fetched = new DOMParser().parseFromString(await res.text(), 'text/html');
      const documentOf = (doc: Document) => doc.querySelector(CONTENT_AREA)?.getAttribute('data-elementor-id');
      if (!documentOf(fetched) || documentOf(fetched) === documentOf(document)) return null;
      if (!swapHomepage(document, fetched)) return null;
      return document.querySelector(CONTENT_AREA);
    } catch (error) {
      console.error(error);
      return null;
    }
  }
}
