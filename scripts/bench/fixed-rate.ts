import http from 'node:http';
import type { LoadResult, MixedRequest } from './harness';

// An open-loop load generator: requests start on a fixed schedule (evenly spaced, not in per-second bursts
// as autocannon's rate limit does), so latency percentiles reflect the server, not the generator's queue.
// Bounded by count and time; loopback only. Also per kind of request (method and path without its query).

/** One kind of request's share of a fixed-rate run. */
export interface KindResult {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** How many answers each non-2xx status had. */
  statuses: Record<number, number>;
  /** The first few distinct non-2xx answers (status and the start of the body), to tell why they were refused. */
  refusals?: string[];
}

const kindOf = (req: MixedRequest) => `${req.method ?? 'GET'} ${req.path.split('?')[0]}`;

export function percentile(sorted: number[], p: number): number {
  return sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2)) : 0;
}

export async function fixedRate(options: {
  base: string;
  requests: MixedRequest[];
  rate: number;
  seconds: number;
  maxInFlight?: number;
  /** Also answer every request's latency, sorted (to take percentiles over several windows). */
  keepLatencies?: boolean;
}): Promise<LoadResult & { kinds: Record<string, KindResult>; latencies?: number[] }> {
  const url = new URL(options.base);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error('fixed-rate load targets loopback only');
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight ?? 64 });
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  const kinds = new Map<
    string,
    { latencies: number[]; errors: number; non2xx: number; statuses: Record<number, number>; refusals: string[] }
  >();
  const kind = (req: MixedRequest) => {
    const k = kindOf(req);
    let entry = kinds.get(k);
    if (!entry) kinds.set(k, (entry = { latencies: [], errors: 0, non2xx: 0, statuses: {}, refusals: [] }));
    return entry;
  };
  const started = performance.now();
  const one = (req: MixedRequest) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const mine = kind(req);
      inFlight++;
      const r = http.request(
        { host: url.hostname, port: url.port, path: req.path, method: req.method ?? 'GET', headers: req.headers, agent },
        (res) => {
          const refused = res.statusCode! < 200 || res.statusCode! >= 300;
          let body = '';
          if (refused) res.on('data', (d: Buffer) => body.length < 300 && (body += d.toString()));
          else res.resume();
          res.on('end', () => {
            const said = `${res.statusCode} ${body.slice(0, 300)}`;
            if (refused && mine.refusals.length < 5 && !mine.refusals.includes(said)) mine.refusals.push(said);
            latencies.push(performance.now() - t0);
            mine.latencies.push(performance.now() - t0);
            if (res.statusCode! < 200 || res.statusCode! >= 300) {
              non2xx++;
              mine.non2xx++;
              mine.statuses[res.statusCode!] = (mine.statuses[res.statusCode!] ?? 0) + 1;
            }
            inFlight--;
            resolve();
          });
        },
      );
      r.setTimeout(10_000, () => r.destroy(new Error('timeout')));
      r.on('error', () => {
        errors++;
        mine.errors++;
        inFlight--;
        resolve();
      });
      if (req.body) r.write(req.body);
      r.end();
    });
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    else if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    if (inFlight >= (options.maxInFlight ?? 64) * 4) {
      errors++; // the server fell too far behind: count as a failure rather than queue without bound
      kind(options.requests[i % options.requests.length]).errors++;
      continue;
    }
    pending.push(one(options.requests[i % options.requests.length]));
  }
  await Promise.all(pending);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const byKind: Record<string, KindResult> = {};
  for (const [k, v] of kinds) {
    v.latencies.sort((a, b) => a - b);
    byKind[k] = {
      requests: v.latencies.length,
      p50: percentile(v.latencies, 50),
      p99: percentile(v.latencies, 99),
      errors: v.errors,
      non2xx: v.non2xx,
      statuses: v.statuses,
      refusals: v.refusals,
    };
  }
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    non2xx,
    kinds: byKind,
    ...(options.keepLatencies ? { latencies } : {}),
  };
}
