import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { observeStatements } from '../db/observe';

// REQUEST_TIMING_FILE=path: one JSON line per request saying where its time went, so a benchmark's slowest answers
// can be attributed rather than guessed (docs/performance.md, "Scale"): the wait for a pooled PostgreSQL
// connection, each statement's round trip, the response's encoding, and what the process did meanwhile (garbage
// collections and event-loop stalls overlapping the request). Off by default: nothing is observed or written.

interface Timing {
  start: number;
  poolWaitMs: number;
  statements: Array<[ms: number, sql: string]>;
  serializeStart?: number;
  serializeMs?: number;
  /** Set once its line is written: a statement finishing later is work the request left running (a refresh). */
  url?: string;
}

/** A span of time the process spent elsewhere (a GC pause, a stalled event loop), kept for a few seconds. */
type Span = [start: number, end: number];

const SPAN_KEEP_MS = 10_000;
/** The stall detector's tick: a tick arriving later than this plus its period counts as a stall. */
const TICK_MS = 5;
const STALL_MS = 3;

function overlap(spans: Span[], from: number, to: number): number {
  let sum = 0;
  for (const [s, e] of spans) if (e > from && s < to) sum += Math.min(e, to) - Math.max(s, from);
  return sum;
}

function prune(spans: Span[], now: number): void {
  while (spans.length && spans[0][1] < now - SPAN_KEEP_MS) spans.shift();
}

let active: { file: string; store: AsyncLocalStorage<Timing>; gc: Span[]; stalls: Span[] } | null = null;

/** Starts observing (before the database opens, so its pool reports waits); main.ts calls it with the env's file. */
export function startRequestTiming(file: string): void {
  const store = new AsyncLocalStorage<Timing>();
  const gc: Span[] = [];
  const stalls: Span[] = [];
  active = { file, store, gc, stalls };
  // Every line's times are performance.now(): this one puts them on the wall clock (an import's phases, a bench's windows).
  appendFileSync(file, `${JSON.stringify({ timeOrigin: performance.timeOrigin })}\n`);
  observeStatements({
    statement: (ms, sql) => {
      const t = store.getStore();
      if (!t) return;
      if (t.url === undefined) t.statements.push([Number(ms.toFixed(2)), sql.slice(0, 80)]);
      // Background work a request started (a list's recount beside the answers): its own line, when it ended.
      else
        appendFileSync(
          file,
          `${JSON.stringify({ after: t.url, end: Number(performance.now().toFixed(2)), ms: Number(ms.toFixed(2)), sql: sql.slice(0, 80) })}\n`,
        );
    },
    poolWait: (ms) => {
      const t = store.getStore();
      if (t) t.poolWaitMs += ms;
    },
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.push([entry.startTime, entry.startTime + entry.duration]);
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > TICK_MS + STALL_MS) stalls.push([last + TICK_MS, now]);
    last = now;
    prune(gc, now);
    prune(stalls, now);
  }, TICK_MS).unref();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // The whole run's event-loop delay, once a minute (ms).
  setInterval(() => {
    appendFileSync(
      file,
      `${JSON.stringify({ loopDelay: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 } })}\n`,
    );
    delay.reset();
  }, 60_000).unref();
}

/** The per-request hooks (app.ts); nothing unless startRequestTiming ran. */
export function installRequestTiming(app: FastifyInstance): void {
  const on = active;
  if (!on) return;
  app.addHook('onRequest', (_request, _reply, done) => on.store.run({ start: performance.now(), poolWaitMs: 0, statements: [] }, done));
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    const t = on.store.getStore();
    if (t) t.serializeStart = performance.now();
    return payload;
  });
  app.addHook('onSend', async (_request, _reply, payload) => {
    const t = on.store.getStore();
    if (t?.serializeStart !== undefined && t.serializeMs === undefined) t.serializeMs = performance.now() - t.serializeStart;
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const t = on.store.getStore();
    if (!t) return;
    const end = performance.now();
    t.url = request.url;
    const round = (n: number) => Number(n.toFixed(2));
    appendFileSync(
      on.file,
      `${JSON.stringify({
        url: request.url,
        status: reply.statusCode,
        at: round(t.start),
        ms: round(end - t.start),
        poolWaitMs: round(t.poolWaitMs),
        dbMs: round(t.statements.reduce((s, [ms]) => s + ms, 0)),
        serializeMs: round(t.serializeMs ?? 0),
        gcMs: round(overlap(on.gc, t.start, end)),
        stallMs: round(overlap(on.stalls, t.start, end)),
        statements: t.statements,
      })}\n`,
    );
  });
}
