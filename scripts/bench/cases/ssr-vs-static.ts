import { load, printTable, type BenchCase, type LoadResult } from '../harness';

/** The round with the median throughput; errors are those of every round. */
function medianRun(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.rps - b.rps);
  const median = sorted[Math.floor(sorted.length / 2)];
  const sum = (f: (r: LoadResult) => number) => results.reduce((n, r) => n + f(r), 0);
  return { ...median, errors: sum((r) => r.errors), non2xx: sum((r) => r.non2xx) };
}

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
    // The three targets take turns in short rounds (BENCH_ROUNDS, 5 by default), so load from elsewhere on a
    // shared machine weighs on each alike and the ratios hold; each figure is the median round.
    const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
    const cookie = await signedInCookie(server.url);
    const runs: Record<'ssr' | 'signedIn' | 'stat', LoadResult[]> = { ssr: [], signedIn: [], stat: [] };
    for (let r = 0; r < rounds; r++) {
      const each = duration / rounds;
      runs.ssr.push(await load({ url: `${server.url}/`, duration: each }));
      runs.signedIn.push(await load({ url: `${server.url}/`, duration: each, headers: { cookie } }));
      runs.stat.push(await load({ url: `${server.url}/__static/home.html`, duration: each }));
    }
    const ssr = medianRun(runs.ssr);
    const signedIn = medianRun(runs.signedIn);
    const stat = medianRun(runs.stat);
    printTable(
      `SSR home page vs the same ${(html.length / 1024).toFixed(1)} KB served static (${duration} s each in ${rounds} alternating rounds, median round, 10 connections)`,
      [
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
      ],
    );
  },
};
