import { load, printTable, type BenchCase } from '../harness';

// (b) Requests per second of SSR `/` against the same HTML bytes served as a static file by the same server:
// anonymous (the full-page cache answers) and signed in (every request renders).

/** The session cookie of a seeded customer, signed in through the shop API. */
async function signedInCookie(base: string): Promise<string> {
  const page = await fetch(`${base}/contact`);
  const nonce = /"nonce":"([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const res = await fetch(`${base}/api/shop/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
    body: JSON.stringify({ email: 'casey@example.test', password: 'casey-password' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hl_sid='));
  if (!res.ok || !cookie) throw new Error(`sign-in for the bench failed: ${res.status}`);
  return cookie.split(';')[0];
}
export const ssrVsStatic: BenchCase = {
  name: 'ssr-vs-static',
  async run(server) {
    const html = await (await fetch(`${server.url}/`)).text();
    await fetch(`${server.url}/__bench/static`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'home.html', body: html }),
    });
    const duration = Number(process.env.BENCH_DURATION ?? 10);
    const ssr = await load({ url: `${server.url}/`, duration });
    const signedIn = await load({ url: `${server.url}/`, duration, headers: { cookie: await signedInCookie(server.url) } });
    const stat = await load({ url: `${server.url}/__static/home.html`, duration });
    printTable(`SSR home page vs the same ${(html.length / 1024).toFixed(1)} KB served static (${duration} s each, 10 connections)`, [
      { target: 'SSR / anonymous', 'req/s': ssr.rps.toFixed(0), 'p50 ms': ssr.p50, 'p99 ms': ssr.p99, errors: ssr.errors + ssr.non2xx },
      {
        target: 'SSR / signed in',
        'req/s': signedIn.rps.toFixed(0),
        'p50 ms': signedIn.p50,
        'p99 ms': signedIn.p99,
        errors: signedIn.errors + signedIn.non2xx,
      },
      { target: 'static file', 'req/s': stat.rps.toFixed(0), 'p50 ms': stat.p50, 'p99 ms': stat.p99, errors: stat.errors + stat.non2xx },
      { target: 'anonymous / static', 'req/s': (ssr.rps / stat.rps).toFixed(2), 'p50 ms': '', 'p99 ms': '', errors: '' },
      { target: 'signed in / static', 'req/s': (signedIn.rps / stat.rps).toFixed(2), 'p50 ms': '', 'p99 ms': '', errors: '' },
    ]);
  },
};
