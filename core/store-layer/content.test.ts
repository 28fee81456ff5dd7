// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { forgetNonce, setNonce } from '../http';
import { ContentLoader } from './content-loader';
import { contentQuery, UNKNOWN_USER_GROUP_ID } from './content-query';
import { swapHomepage } from './homepage-swap';

const store = { id: 1006, store_group_ids: [200, 900] };
const anon = { id: 0, segment_ids: [] };
const casey = { id: 3, segment_ids: [5001, 5002] };

describe('contentQuery', () => {
  it('store mode sends store_id', () => {
    expect(contentQuery('cta', { mode: 'store', store, user: anon }).toString()).toBe('store_id=1006');
  });
  it('group mode sends store groups and the unknown-user group for anonymous visitors', () => {
    const q = contentQuery('site-banner', { mode: 'group', store, user: anon, slug: 'top' });
    expect(Object.fromEntries(q)).toEqual({
      slug: 'top',
      store_group_ids: '200,900',
      user_group_ids: String(UNKNOWN_USER_GROUP_ID),
    });
    expect(UNKNOWN_USER_GROUP_ID).toBe(22728263);
  });
  it('asks whether the browser shows WebP only for a slider (the check costs the runtime boot a canvas encode)', () => {
    const webp = vi.fn(() => true);
    expect(contentQuery('cta', { mode: 'group', store, user: casey, webp }).has('webp')).toBe(false);
    expect(webp).not.toHaveBeenCalled();
    expect(contentQuery('slider', { mode: 'group', store, user: casey, sliderId: 'home', webp }).get('webp')).toBe('1');
    expect(webp).toHaveBeenCalledTimes(1);
  });

  it('group mode sends segment ids for logged-in visitors; slider adds slider_id and webp', () => {
    const q = contentQuery('slider', { mode: 'group', store, user: casey, sliderId: 'home', webp: true });
    expect(q.get('user_group_ids')).toBe('5001,5002');
    expect(q.get('slider_id')).toBe('home');
    expect(q.get('webp')).toBe('1');
  });
  it('store mode without a store falls back to groups', () => {
    expect(contentQuery('cta', { mode: 'store', store: null, user: anon }).get('user_group_ids')).toBe('22728263');
  });
});

describe('ContentLoader', () => {
  const input = { mode: 'store' as const, store, user: anon };
  const placeholders = () => {
    document.body.innerHTML =
      '<div id="s" data-content="slider" data-slider-id="home">old slides</div><div id="c" data-content="cta">old cta</div><div id="p" data-content="personalized-content" data-slug="welcome">old p</div>';
    return ['s', 'c', 'p'].map((id) => document.getElementById(id)!);
  };

  it('fills every placeholder and does not load the same content twice', async () => {
    const [s, c, p] = placeholders();
    const fetchJson = vi.fn(async (url: string) => ({ html: `<p>${new URL(url, 'http://x').pathname.split('/').pop()}</p>` }));
    const loader = new ContentLoader(fetchJson);
    await loader.loadAll(document, input);
    expect([s.innerHTML, c.innerHTML, p.innerHTML]).toEqual(['<p>slider</p>', '<p>cta</p>', '<p>personalized-content</p>']);
    expect(fetchJson).toHaveBeenCalledTimes(3);
    expect(fetchJson.mock.calls.map(([u]) => u)).toContain(
      '/wp-json/freshop/v1/content/personalized-content?slug=welcome&store_id=1006&_wpnonce=',
    );
    setNonce('other'); // signed in: the URL's nonce changes, the content it asks for does not
    await loader.loadAll(document, input);
    forgetNonce();
    expect(fetchJson).toHaveBeenCalledTimes(3);
    await loader.loadAll(document, { ...input, store: { id: 1001, store_group_ids: [100] } });
    expect(fetchJson).toHaveBeenCalledTimes(6);
  });

  it('adopts the slots the server filled: no call on the first view, one call per slot on a store change', async () => {
    const [s, c, p] = placeholders();
    s.dataset.contentLoaded = 'true';
    c.dataset.contentLoaded = 'true';
    const fetchJson = vi.fn(async () => ({ html: '<p>new</p>' }));
    const loader = new ContentLoader(fetchJson);
    expect(loader.adopt(document, input)).toEqual([s, c]);
    await loader.loadAll(document, input);
    // Only the slot the server left empty is loaded.
    expect(fetchJson).toHaveBeenCalledTimes(1);
    expect([s.innerHTML, c.innerHTML, p.innerHTML]).toEqual(['old slides', 'old cta', '<p>new</p>']);
    await loader.loadAll(document, { ...input, store: { id: 1001, store_group_ids: [100] } });
    expect(fetchJson).toHaveBeenCalledTimes(4);
  });

  it('on failure empties and hides the slider and leaves the others unchanged', async () => {
    const [s, c, p] = placeholders();
    const loader = new ContentLoader(async () => {
      throw new Error('offline');
    });
    const results = await loader.loadAll(document, input);
    expect(results).toEqual(['failed', 'failed', 'failed']);
    expect(s.innerHTML).toBe('');
    expect(s.hidden).toBe(true);
    expect(c.innerHTML).toBe('old cta');
    expect(p.innerHTML).toBe('old p');
  });

  it('an empty slider answer hides the slider', async () => {
    const [s] = placeholders();
    await new ContentLoader(async () => ({ html: '' })).load(s, input);
    expect(s.hidden).toBe(true);
  });
});

describe('swapHomepage', () => {
  it('replaces the content area and the two page style blocks', () => {
    document.head.innerHTML = '<style id="elementor-frontend-inline-css">.a{}</style>';
    document.body.innerHTML =
      '<main class="site-content"><div data-elementor-type="wp-page" data-elementor-id="1"><h1>Home</h1></div></main>';
    const fetched = new DOMParser().parseFromString(
      '<html><head><style id="elementor-frontend-inline-css">.b{}</style><style class="elementor-post-css">.c{}</style></head><body><main class="site-content"><div data-elementor-type="wp-page" data-elementor-id="10"><h1>PA</h1></div></main></body></html>',
      'text/html',
    );
    expect(swapHomepage(document, fetched)).toBe(true);
    expect(document.querySelector('h1')!.textContent).toBe('PA');
    expect(document.getElementById('elementor-frontend-inline-css')!.textContent).toBe('.b{}');
    expect(document.querySelector('style.elementor-post-css')!.textContent).toBe('.c{}');
    expect(swapHomepage(document, new DOMParser().parseFromString('<p>nothing</p>', 'text/html'))).toBe(false);
  });
});

import { fillInfoBoxes } from './info-boxes';

describe('store info boxes', () => {
  it('refill from the store and keep fields the store reference lacks', () => {
    document.body.innerHTML =
      '<a data-store-info="name" href="/store/store-locator">Choose a store</a><p data-store-info="address">old address</p><p data-store-info="phone">old</p>';
    fillInfoBoxes(document, { id: 1, name: 'Dublin', slug: 'dublin', store_group_ids: [] });
    expect(document.querySelector('a')!.textContent).toBe('Dublin');
    expect(document.querySelector('a')!.getAttribute('href')).toBe('/stores/dublin');
    expect(document.querySelector('[data-store-info="address"]')!.textContent).toBe('old address');
    fillInfoBoxes(document, {
      id: 1,
      name: 'Dublin',
      store_group_ids: [],
      address_1: '6700 Longshore St',
      city: 'Dublin',
      state: 'OH',
      postal_code: '43017',
      phone: '(614) 555-0199',
    });
    expect(document.querySelector('[data-store-info="address"]')!.textContent).toBe('6700 Longshore St, Dublin, OH 43017');
    expect(document.querySelector('[data-store-info="phone"]')!.textContent).toBe('(614) 555-0199');
  });
});
