import { printTable, type BenchCase, type MixedRequest } from '../harness';
import { fixedRate } from '../fixed-rate';

// A mixed load at a fixed rate for MIXED_SECONDS (60 by default): pages, store and content calls and
// session writes, as shoppers make them. Reports errors, latency and the server's memory before and after.
export const mixedLoad: BenchCase = {
  name: 'mixed-load',
  async run(server) {
    const seconds = Number(process.env.MIXED_SECONDS ?? 60);
    const rate = Number(process.env.MIXED_RATE ?? 200);
    // One shopper session: a cookie and a nonce for the writes.
    const home = await fetch(`${server.url}/`);
    const nonce = (JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(await home.text())![1]) as { nonce: string }).nonce;
    const put = await fetch(`${server.url}/api/shop/v1/current-store`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
      body: JSON.stringify({ store_id: 1001 }),
    });
    const cookie = put.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const json = { 'content-type': 'application/json', 'x-wp-nonce': nonce, cookie };
    const requests: MixedRequest[] = [
      { path: '/' },
      { path: '/store/store-locator' },
      { path: '/api/shop/v1/stores' },
      { path: '/api/shop/v1/stores/1001/navigation' },
      { path: '/api/shop/v1/current-store', headers: { cookie } },
      { method: 'PUT', path: '/api/shop/v1/current-store', headers: json, body: JSON.stringify({ store_id: 1002 }) },
      { path: '/media/products/5000.svg' },
      { path: '/no-such-page' },
      { path: '/recipes?e-filter-c72021-course=dinner' },
      { path: `/wp-json/freshop/v1/content/site-banner?store_id=1001&_wpnonce=${nonce}`, headers: { cookie } },
      { path: `/wp-json/freshop/v1/content/slider?store_id=1001&slug=home&slider_id=home-hero&_wpnonce=${nonce}`, headers: { cookie } },
      { path: `/wp-json/freshop/v1/content/cta?store_id=1001&_wpnonce=${nonce}`, headers: { cookie } },
      { path: '/wp-json/freshop/v1/content/personalized-content?store_group_ids=100&user_group_ids=22728263' },
      {
        method: 'POST',
        path: '/wp-json/elementor-pro/v1/refresh-loop',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          post_id: 72,
          widget_id: 'c72021',
          pagination_base_url: '/recipes',
          widget_filters: { taxonomy: { course: { terms: ['dinner'], logicalJoin: 'AND' } } },
        }),
      },
      {
        method: 'POST',
        path: '/api/shop/v1/cart/items',
        headers: json,
        body: JSON.stringify({ items: [{ product_id: 5000, quantity: 1 }] }),
      },
      { method: 'PUT', path: '/api/shop/v1/cart/items/5001', headers: json, body: JSON.stringify({ quantity: 2 }) },
      { path: '/api/shop/v1/cart', headers: { cookie, 'x-wp-nonce': nonce } },
      { path: '/api/shop/v1/products?search=apple' },
    ];
    const before = await server.memory();
    const r = await fixedRate({ base: server.url, requests, rate, seconds });
    const after = await server.memory();
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    printTable(`Mixed load: ${requests.length} request kinds at ${rate} req/s for ${seconds} s`, [
      {
        requests: r.requests,
        'req/s': r.rps.toFixed(0),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
        'non-2xx (404 page included)': r.non2xx,
        'heap MB before→after': `${mb(before.heapUsed)} → ${mb(after.heapUsed)}`,
        'RSS MB before→after': `${mb(before.rss)} → ${mb(after.rss)}`,
      },
    ]);
  },
};
