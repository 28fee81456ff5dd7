import { fixedRate } from '../fixed-rate';
import { printTable, type BenchCase } from '../harness';
import { pageNonce, signedInShopper } from '../sign-in';

// (c) The content REST calls (docs/api.md) at a fixed rate on loopback: p50/p99 latency. Goal: p99 <= 10 ms at
// 1000 req/s, measured open-loop (requests start on a fixed schedule). Anonymous visitors with the page's nonce in store and group mode, and a signed-in visitor.
const RATE = Number(process.env.BENCH_RATE ?? 1000);

export const contentEndpoints: BenchCase = {
  name: 'content-endpoints',
  async run(server) {
    const duration = Number(process.env.BENCH_DURATION ?? 10);
    const base = '/wp-json/freshop/v1/content';
    const nonce = await pageNonce(server.url);
    const casey = await signedInShopper(server.url);
    const targets: Array<{ name: string; url: string; headers?: Record<string, string> }> = [
      { name: 'site-banner (store)', url: `${base}/site-banner?store_id=1006&_wpnonce=${nonce}` },
      { name: 'slider (store)', url: `${base}/slider?slider_id=home&webp=1&store_id=1006&_wpnonce=${nonce}` },
      { name: 'cta (store)', url: `${base}/cta?store_id=1001&_wpnonce=${nonce}` },
      { name: 'personalized-content (store)', url: `${base}/personalized-content?slug=welcome&store_id=1001&_wpnonce=${nonce}` },
      { name: 'homepage (store)', url: `${base}/homepage?store_id=1006&_wpnonce=${nonce}` },
      { name: 'cta (group)', url: `${base}/cta?store_group_ids=200,900&user_group_ids=22728263&_wpnonce=${nonce}` },
      {
        name: 'personalized-content (signed in)',
        url: `${base}/personalized-content?slug=welcome&store_id=1001&_wpnonce=${casey.nonce}`,
        headers: { cookie: casey.cookie },
      },
    ];
    const rows = [];
    // Warm-up (JIT, caches, sockets) at a lower rate, not measured.
    await fixedRate({ base: server.url, requests: targets.map((t) => ({ path: t.url, headers: t.headers })), rate: RATE / 4, seconds: 2 });
    for (const t of targets) {
      const before = await server.cpu();
      const r = await fixedRate({ base: server.url, requests: [{ path: t.url, headers: t.headers }], rate: RATE, seconds: duration });
      // The server's own CPU per request: latency at this rate on a shared machine says less than the work done.
      const cpu = ((await server.cpu()) - before) / Math.max(1, r.requests);
      rows.push({
        endpoint: t.name,
        'req/s': r.rps.toFixed(0),
        'p50 ms': r.p50.toFixed(2),
        'p99 ms': r.p99.toFixed(2),
        'server CPU µs/req': cpu.toFixed(0),
        errors: r.errors + r.non2xx,
        'goal p99 <= 10 ms': r.p99 <= 10 ? 'met' : 'MISSED',
      });
    }
    printTable(`Content REST at a fixed ${RATE} req/s, open loop (${duration} s each)`, rows);
  },
};
