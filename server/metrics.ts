import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { observeQueries } from './db/observe';
import { conflictRetries } from './db/transactions';

// The process's Prometheus metrics (docs/operations.md, Metrics). Any server module may import a metric from
// here and count with it; `GET /metrics` (server/plugins/metrics.ts) exposes the registry. One registry per
// process: several Fastify instances in one process (the API tests) add to the same series.

export const registry = new Registry();
// Node's own: event-loop delay (nodejs_eventloop_lag_*), heap (nodejs_heap_size_*), GC, handles, CPU, memory.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests by method, route pattern (not the raw URL: bounded) and status; their rate is `rate(…[1m])`. */
export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to response, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/** Full-page cache lookups: hit (answered from memory) or miss (rendered). */
export const pageCacheLookups = new Counter({
  name: 'page_cache_lookups_total',
  help: 'Full-page cache lookups of cacheable GETs, by result (hit, miss)',
  labelNames: ['result'] as const,
  registers: [registry],
});

const lookups = { hit: 0, total: 0 };
new Gauge({
  name: 'page_cache_hit_ratio',
  help: 'Share of full-page cache lookups answered from memory since the process started',
  registers: [registry],
  collect() {
    this.set(lookups.total ? lookups.hit / lookups.total : 0);
  },
});

/** Counts one page-cache lookup (both the counter and the ratio). */
export function countPageCacheLookup(result: 'hit' | 'miss'): void {
  pageCacheLookups.inc({ result });
  lookups.total++;
  if (result === 'hit') lookups.hit++;
}

export const dbQueryDuration = new Histogram({
  name: 'db_query_duration_seconds',
  help: 'Database query time, by outcome (ok, error)',
  labelNames: ['outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
observeQueries((ms, ok) => dbQueryDuration.observe({ outcome: ok ? 'ok' : 'error' }, ms / 1000));

/** Transactions run again after PostgreSQL aborted them as a conflict (40001, 40P01): server/db/transactions.ts. */
new Counter({
  name: 'db_transaction_conflict_retries_total',
  help: 'Transactions run again after a serialization failure or deadlock',
  registers: [registry],
  collect() {
    this.reset();
    this.inc(conflictRetries());
  },
});

/** Set by the metrics plugin from the open database's pool (PostgreSQL; SQLite has none). */
export const dbPoolConnections = new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool: connections by state (total, idle, waiting = requests waiting for a connection)',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const ordersPlaced = new Counter({
  name: 'orders_placed_total',
  help: 'Orders placed (a replay of the same Idempotency-Key is not counted again)',
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by route pattern',
  labelNames: ['route'] as const,
  registers: [registry],
});

/**
 * A catalogue import's progress, 0 to 1, by import name (the import code sets it as it goes and 1 at the end):
 * `import_progress_ratio{import="products"} 0.42`.
 */
export const importProgress = new Gauge({
  name: 'import_progress_ratio',
  help: 'Progress of a running import, 0 to 1, by import name',
  labelNames: ['import'] as const,
  registers: [registry],
});
