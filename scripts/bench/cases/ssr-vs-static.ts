import { load, printTable, type BenchCase, type LoadResult } from '../harness';
import { signedInShopper } from '../sign-in';

type Measured = LoadResult & { cpuMicros: number };

/** The round with the median throughput; errors are those of every round; CPU per request over all rounds. */
function medianRun(results: Measured[]): Measured & { cpuPerRequest: number } {
  const sorted = [...results].sort((a, b) => a.rps - b.rps);
  const median = sorted[Math.floor(sorted.length / 2)];
  const sum = (f: (r: Measured) => number) => results.reduce((n, r) => n + f(r), 0);
  return {
    ...median,
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
    cpuPerRequest:
      sum((r) => r.cpuMicros) /
      Math.max(
        1,
        sum((r) => r.requests),
      ),
  };
}

// (b) Requests per second of SSR `/` against the same HTML bytes served as a static file by the same server:
// anonymous (the full-page cache answers) and signed in (every request renders).

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
    const { cookie } = await signedInShopper(server.url);
    const runs: Record<'ssr' | 'signedIn' | 'stat' | 'ssrBr' | 'statBr', Measured[]> = {
      ssr: [],
      signedIn: [],
      stat: [],
      ssrBr: [],
      statBr: [],
    };
    // As a browser asks: the page cache answers with the Brotli form it kept, the static file with its build-time copy.
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    // The server's CPU time per request as well: on a busy machine throughput swings with the neighbours'
    // load, CPU per request does not (its ratio is the throughput ratio a dedicated core would show).
    const measured = async (options: Parameters<typeof load>[0]): Promise<Measured> => {
      const before = await server.cpu();
      const result = await load(options);
      return { ...result, cpuMicros: (await server.cpu()) - before };
    };
    for (let r = 0; r < rounds; r++) {
      const each = duration / rounds;
      runs.ssr.push(await measured({ url: `${server.url}/`, duration: each }));
      runs.signedIn.push(await measured({ url: `${server.url}/`, duration: each, headers: { cookie } }));
      runs.stat.push(await measured({ url: `${server.url}/__static/home.html`, duration: each }));
      runs.ssrBr.push(await measured({ url: `${server.url}/`, duration: each, headers: br }));
      runs.statBr.push(await measured({ url: `${server.url}/__static/home.html`, duration: each, headers: br }));
    }
    const ssr = medianRun(runs.ssr);
    const signedIn = medianRun(runs.signedIn);
    const stat = medianRun(runs.stat);
    const ssrBr = medianRun(runs.ssrBr);
    const statBr = medianRun(runs.statBr);
    const row = (target: string, r: typeof ssr) => ({
      target,
      'req/s': r.rps.toFixed(0),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'server CPU µs/req': r.cpuPerRequest.toFixed(0),
      errors: r.errors + r.non2xx,
    });
    // Ratios as throughput (req/s) and as the inverse of server CPU per request (capacity on a quiet core).
    const ratio = (target: string, r: typeof ssr, base = stat) => ({
      target,
      'req/s': (r.rps / base.rps).toFixed(2),
      'p50 ms': '',
      'p99 ms': '',
      'server CPU µs/req': (base.cpuPerRequest / r.cpuPerRequest).toFixed(2),
      errors: '',
    });
    printTable(
      `SSR home page vs the same ${(html.length / 1024).toFixed(1)} KB served static (${duration} s each in ${rounds} alternating rounds, median round, 10 connections)`,
      [
        row('SSR / anonymous', ssr),
        row('SSR / signed in', signedIn),
        row('static file', stat),
        ratio('anonymous / static', ssr),
        ratio('signed in / static', signedIn),
        row('SSR / anonymous, br', ssrBr),
        row('static file, br', statBr),
        ratio('anonymous / static, br', ssrBr, statBr),
      ],
    );
  },
};
