import { load, printTable, type BenchCase } from '../harness';

// (b) Requests per second of SSR `/` against the same HTML bytes served as a static file by the same server.
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
    const stat = await load({ url: `${server.url}/__static/home.html`, duration });
    printTable(`SSR home page vs the same ${(html.length / 1024).toFixed(1)} KB served static (${duration} s each, 10 connections)`, [
      { target: 'SSR /', 'req/s': ssr.rps.toFixed(0), 'p50 ms': ssr.p50, 'p99 ms': ssr.p99, errors: ssr.errors + ssr.non2xx },
      { target: 'static file', 'req/s': stat.rps.toFixed(0), 'p50 ms': stat.p50, 'p99 ms': stat.p99, errors: stat.errors + stat.non2xx },
      { target: 'SSR / static', 'req/s': (ssr.rps / stat.rps).toFixed(2), 'p50 ms': '', 'p99 ms': '', errors: '' },
    ]);
  },
};
