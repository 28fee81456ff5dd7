// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from './config/site-config';
import { SITE_CONFIG_ID } from './config/site-config';
import { createBus } from './events/bus';
import { forgetNonce, http, NONCE_RENEWAL_URL } from './http';
import { refreshLoop } from './loop-filter/refresh-client';
import { ContentLoader } from './store-layer/content-loader';
import { setMyStore } from './store-layer/store-change';
import VitalsBeacon from './vitals/beacon';

// Issue 32, finding 5: the second tab. The page (tab A) was served with an anonymous visitor's nonce; the visitor
// then signed in in tab B, so the server takes only the signed-in nonce. Every client that writes or reads as the
// visitor must renew and send the new one, in the header and in a URL that carries one, never the page's copy.

const STALE = 'page-nonce-from-before-sign-in';
const FRESH = 'signed-in-nonce';

interface Seen {
  url: string;
  method: string;
  header: string | undefined;
  query: string | null;
}

/** The server after tab B's sign-in: any nonce but the signed-in one is "Cookie check failed". */
function signedInElsewhere() {
  const seen: Seen[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url === NONCE_RENEWAL_URL) return json(200, { nonce: FRESH });
    const header = (init.headers as Record<string, string> | undefined)?.['X-WP-Nonce'];
    const query = new URL(url, 'http://shop.test').searchParams.get('_wpnonce');
    seen.push({ url, method: init.method ?? 'GET', header, query });
    const given = [header, query].filter((n): n is string => n !== undefined && n !== null);
    if (given.length === 0 || given.some((n) => n !== FRESH))
      return json(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' });
    if (url.includes('current-store')) return json(200, { store: { id: 1002, name: 'Columbus Short North' } });
    if (url.includes('refresh-loop')) return json(200, { data: '<div>refreshed</div>' });
    if (url.includes('/content/')) return json(200, { html: '<p>for the signed-in visitor</p>' });
    return json(201, {});
  });
  return { seen, fetchImpl };
}

const config = {
  environmentMode: { edit: false },
  urls: { rest: '/wp-json/', shopApi: '/api/shop/v1/' },
  nonce: STALE,
} as unknown as SiteConfig;

let server: ReturnType<typeof signedInElsewhere>;
beforeEach(() => {
  document.head.innerHTML = `<script type="application/json" id="${SITE_CONFIG_ID}">${JSON.stringify({ nonce: STALE })}</script>`;
  forgetNonce();
  server = signedInElsewhere();
  vi.stubGlobal('fetch', server.fetchImpl);
});
afterEach(() => {
  vi.unstubAllGlobals();
  forgetNonce();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const last = () => server.seen[server.seen.length - 1];

describe('after signing in in another tab', () => {
  it('"Make This My Store" (setMyStore) renews the nonce and the retry carries the new one', async () => {
    const store = await setMyStore(1002);
    expect(store.id).toBe(1002);
    expect(server.seen.map((s) => s.header)).toEqual([STALE, FRESH]);
  });

  it('the loop-filter refresh in the editor gets its markup', async () => {
    const markup = await refreshLoop(
      {
        postId: 72,
        widgetId: 'c7a001',
        widgetFilters: {},
        paginationBaseUrl: 'http://shop.test/recipes',
        edit: { widgetModel: { posts_per_page: 4 } },
      },
      server.fetchImpl,
    );
    expect(markup).toBe('<div>refreshed</div>');
    expect(last().header).toBe(FRESH);
  });

  it('the vitals beacon is stored', async () => {
    const entries = [{ entryType: 'largest-contentful-paint', startTime: 900 }];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(private readonly cb: (list: { getEntries(): unknown[] }) => void) {}
        observe(init: { type: string }) {
          this.cb({ getEntries: () => entries.filter((e) => e.entryType === init.type) });
        }
        disconnect() {}
      },
    );
    document.body.innerHTML = '<main></main>';
    const beacon = new VitalsBeacon({ element: document.body, settings: {}, config, bus: createBus(), deviceMode: () => 'desktop' });
    beacon.connect();
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(server.seen.filter((s) => s.url.includes('vitals'))).toHaveLength(2));
    const [first, retry] = server.seen;
    expect(first.header ?? first.query).toBe(STALE);
    expect(retry).toMatchObject({ method: 'POST', header: FRESH });
    expect(retry.query === null || retry.query === FRESH).toBe(true);
    beacon.disconnect();
  });

  it('the content query fills its placeholder, with the new nonce in its URL and header', async () => {
    document.body.innerHTML = '<div id="c" data-content="cta">old</div>';
    const loader = new ContentLoader((url) => http(url));
    const el = document.getElementById('c')!;
    expect(await loader.load(el, { mode: 'store', store: { id: 1006, store_group_ids: [] }, user: { id: 0, segment_ids: [] } })).toBe(
      'loaded',
    );
    expect(el.innerHTML).toBe('<p>for the signed-in visitor</p>');
    expect(last()).toMatchObject({ header: FRESH, query: FRESH });
  });
});
