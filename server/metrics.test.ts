import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetricsAllow } from './config';
import { addressMatcher } from './plugins/metrics';
import { signedInAs, startTestServer, type TestServer, visitorAt } from './testing/harness';
import { placeOrder } from './testing/pickup';

// GET /metrics (Prometheus text) for METRICS_ALLOW only, the series operators read, and the request id that ties a
// response (and a 5xx page) to the log lines.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close().catch(() => undefined));

/** The value of one series (exact labels as printed), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const metrics = async () => {
  const res = await fetch(`${server.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
};

describe('GET /metrics', () => {
  it('counts requests by route and status, page-cache hits, queries, orders, refusals; Node’s own series beside them', async () => {
    const before = await metrics();
    const hitsBefore = value(before, 'page_cache_lookups_total{result="hit"}') ?? 0;
    const ordersBefore = value(before, 'orders_placed_total') ?? 0;
    await fetch(`${server.url}/recipes`);
    await fetch(`${server.url}/recipes`);
    expect((await fetch(`${server.url}/no-such-page-here`)).status).toBe(404);

    const casey = await signedInAs(server.url, 'casey');
    await casey.json('/api/shop/v1/cart/items?store_id=1001', { method: 'POST', body: { items: [{ product_id: 5000, quantity: 1 }] } });
    await placeOrder(casey, 1001);

    const visitor = await visitorAt(server.url, '/contact');
    let refused = 0;
    for (let i = 0; i < 8 && !refused; i++) {
      const r = await visitor.json('/api/shop/v1/session', {
        method: 'POST',
        body: { email: 'jordan@example.test', password: `wrong-${i}` },
      });
      if (r.status === 429) refused++;
    }
    expect(refused).toBe(1);

    const text = await metrics();
    expect(value(text, 'http_requests_total{method="GET",route="/*",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/*",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'page_cache_lookups_total{result="hit"}')).toBeGreaterThan(hitsBefore);
    const ratio = value(text, 'page_cache_hit_ratio')!;
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThanOrEqual(1);
    expect(value(text, 'db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(value(text, 'orders_placed_total')).toBe(ordersBefore + 1);
    expect(value(text, 'rate_limit_refusals_total{route="/api/shop/v1/session"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE import_progress_ratio gauge');
    if (server.db.dialect === 'postgres') expect(value(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    // Route patterns, not raw paths: a scan of made-up URLs cannot grow the series without bound.
    expect(text).not.toContain('no-such-page-here');
  });

  it('refuses an address outside METRICS_ALLOW with 403', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    expect(res.body).not.toContain('http_requests_total');
  });

  it('refuses a forwarded request when no proxy is trusted, though it comes from loopback', async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(res.status).toBe(403);
  });

  it('serves the addresses METRICS_ALLOW names, and only those', async () => {
    const other = await startTestServer({ metricsAllow: ['10.0.0.0/8'] });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.20.30.40' })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '11.0.0.1' })).statusCode).toBe(403);
      expect((await fetch(`${other.url}/metrics`)).status).toBe(403); // loopback is not in this list
    } finally {
      await other.close();
    }
  });

  it('reads METRICS_ALLOW as addresses and CIDR blocks, loopback by default, and refuses anything else', () => {
    expect(parseMetricsAllow(undefined)).toEqual(['127.0.0.0/8', '::1']);
    expect(parseMetricsAllow('10.0.0.5, 192.168.0.0/16,fd00::/8')).toEqual(['10.0.0.5', '192.168.0.0/16', 'fd00::/8']);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.0/8/1', '10.0.0', 'fd00::/129', '*'])
      expect(() => parseMetricsAllow(bad), bad).toThrow(/METRICS_ALLOW/);
    const loopback = addressMatcher(parseMetricsAllow(undefined));
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].every(loopback)).toBe(true);
    expect(['10.0.0.1', '::2', '::ffff:10.0.0.1', 'not-an-address'].some(loopback)).toBe(false);
  });
});

describe('request ids', () => {
  it('answers every request with an X-Request-Id, keeping a sane one the proxy sent', async () => {
    const a = await fetch(`${server.url}/healthz`);
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await fetch(`${server.url}/healthz`);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
    const given = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'nginx-4f2a9c0d1e' } });
    expect(given.headers.get('x-request-id')).toBe('nginx-4f2a9c0d1e');
    const hostile = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': '<script>alert(1)</script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the id on a 5xx page and in a 5xx JSON answer (last: it closes the database)', async () => {
    const visitor = await visitorAt(server.url, '/contact');
    await server.db.kysely.destroy();
    const page = await visitor.raw('/?not-in-the-page-cache=1');
    expect(page.status).toBe(503);
    const id = page.headers.get('x-request-id')!;
    expect(await page.text()).toContain(`Reference: <code>${id}</code>`);
    const api = await visitor.json<{ data: { request_id: string } }>('/api/shop/v1/stores');
    expect(api.status).toBe(503);
    expect(api.body.data.request_id).toBe(api.headers.get('x-request-id'));
  });
});
