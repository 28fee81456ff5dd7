import http from 'node:http';
import type { LoadResult, MixedRequest } from './harness';

// An open-loop load generator: requests start on a fixed schedule (evenly spaced, not in per-second bursts
// as autocannon's rate limit does), so latency percentiles reflect the server, not the generator's queue.
// Bounded by count and time; loopback only.

export async function fixedRate(options: {
  base: string;
  requests: MixedRequest[];
  rate: number;
  seconds: number;
  maxInFlight?: number;
}): Promise<LoadResult> {
  const url = new URL(options.base);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error('fixed-rate load targets loopback only');
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight ?? 64 });
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  const started = performance.now();
  const one = (req: MixedRequest) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      inFlight++;
      const r = http.request(
        { host: url.hostname, port: url.port, path: req.path, method: req.method ?? 'GET', headers: req.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
            inFlight--;
            resolve();
          });
        },
      );
      r.setTimeout(10_000, () => r.destroy(new Error('timeout')));
      r.on('error', () => {
        errors++;
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
      continue;
    }
    pending.push(one(options.requests[i % options.requests.length]));
  }
  await Promise.all(pending);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies.length ? Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(2)) : 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors, non2xx };
}
