import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/connection';
import { COMPILED_SERVER } from './build-stamp.mjs';
import { freeLoopbackPort } from './pg-cluster.mjs';

// The game day's servers, load generator and report tables (scripts/gameday.ts), shared by its acts.

export const RATE = Number(process.env.GAMEDAY_RATE ?? 20); // requests a second, besides the shoppers' orders
export const HANG_MS = 5_000;
/** How long the load generator waits for an answer before counting the request failed (act 2 raises it). */
let clientTimeoutMs = HANG_MS * 3;
/** Act 2 raises the load generator's timeout. */
export function setClientTimeout(ms: number): void {
  clientTimeoutMs = ms;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const now = () => Date.now();

export interface Server {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: { code: number | null; signal: string | null } | null;
  log: string;
}

export async function startServer(
  name: string,
  databaseUrl: string,
  port?: number,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const p = port ?? (await freeLoopbackPort());
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    // Keep-alive longer than the run: fetch() reuses an idle connection without retrying when the server has just
    // closed it (a browser retries; nginx in act 2 opens a connection per request). That client-side race is not
    // what the game day measures.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(p),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      KEEP_ALIVE_TIMEOUT_MS: '600000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { name, port: p, url: `http://127.0.0.1:${p}`, child, exited: null, log: '' };
  const keep = (c: Buffer) => (server.log = (server.log + c.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('exit', (code, signal) => (server.exited = { code, signal }));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => c.toString().includes('is running at') && resolve());
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${server.log}`)));
  });
  await until(async () => (await fetch(`${server.url}/readyz`).catch(() => null))?.status === 200, 120_000);
  return server;
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const start = now();
  while (!(await check())) {
    if (now() - start > timeoutMs) throw new Error('gave up waiting');
    await sleep(50);
  }
  return now() - start;
}

export interface Outcome {
  kind: string;
  server: string;
  startedAt: number;
  ms: number;
  status: number;
  error?: string;
}

/** A shopper's browser: cookies and the nonce. */
export class Shopper {
  cookie = '';
  nonce = '';
  constructor(
    readonly email: string,
    readonly password: string,
  ) {}
  async signIn(base: string): Promise<void> {
    const page = await fetch(`${base}/contact`);
    this.nonce = /"nonce":"([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const res = await fetch(`${base}/api/shop/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wp-nonce': this.nonce },
      body: JSON.stringify({ email: this.email, password: this.password }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    this.nonce = ((await res.json()) as { nonce: string }).nonce;
  }
  request(base: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    return fetch(base + path, {
      method: init.method ?? 'GET',
      headers: {
        cookie: this.cookie,
        'x-wp-nonce': this.nonce,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(clientTimeoutMs),
    });
  }
}

/** The steady load: RATE requests a second spread over the live servers, and shoppers placing orders. */
export function startLoad(targets: () => Server[], css: string) {
  const outcomes: Outcome[] = [];
  let n = 0;
  const kinds: Array<[string, () => string]> = [
    ['cached page', () => '/'],
    ['stylesheet', () => css],
    ['page', () => `/recipes?page-${n}`],
    ['search', () => `/api/shop/v1/search/suggest?q=${['banan', 'milk', 'bread', 'apple'][n % 4]}`],
    ['store list', () => '/api/shop/v1/stores'],
  ];
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const live = targets();
    const server = live[n % live.length];
    const [kind, path] = kinds[n % kinds.length];
    n++;
    const startedAt = now();
    const p = fetch(server.url + path(), { signal: AbortSignal.timeout(clientTimeoutMs), headers: { 'accept-encoding': 'br' } })
      .then(async (res) => {
        await res.arrayBuffer();
        outcomes.push({ kind, server: server.name, startedAt, ms: now() - startedAt, status: res.status });
      })
      .catch((error: Error & { cause?: { code?: string } }) => {
        outcomes.push({ kind, server: server.name, startedAt, ms: now() - startedAt, status: 0, error: error.cause?.code ?? error.name });
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  }, 1000 / RATE);
  return {
    outcomes,
    async stop() {
      clearInterval(timer);
      await Promise.all([...pending]);
    },
  };
}

export interface Orders {
  acknowledged: Array<{ id: number; key: string }>;
  attempts: Outcome[];
  stop(): Promise<void>;
}

/** Shoppers placing orders one after another; a failed attempt is retried with the same Idempotency-Key. */
export function startOrders(shoppers: Shopper[], targets: () => Server[]): Orders {
  const acknowledged: Array<{ id: number; key: string }> = [];
  const attempts: Outcome[] = [];
  let stopped = false;
  let day = 1;
  const full = new Set<number>();
  const pick = (attempt: number) => {
    const live = targets();
    return live[attempt % live.length];
  };
  const shop = async (s: Shopper, index: number) => {
    let attempt = index;
    while (!stopped) {
      const key = randomUUID();
      let placed = false;
      // One order: cart line, a window, the order; until acknowledged (or the run ends), as a patient shopper would.
      while (!placed && !stopped) {
        const server = pick(attempt++);
        const startedAt = now();
        try {
          await s.request(server.url, '/api/shop/v1/cart/items?store_id=1001', {
            method: 'POST',
            body: { items: [{ product_id: 5000, quantity: 1 }] },
          });
          let slot: number | undefined;
          let refused = 0;
          for (let d = day; d <= 14 && slot === undefined && !refused; d++) {
            const date = new Date(now() + d * 86_400_000).toISOString().slice(0, 10);
            const r = await s.request(server.url, `/api/shop/v1/stores/1001/pickup-slots?date=${date}`);
            if (!r.ok) refused = r.status;
            const items = r.ok ? ((await r.json()) as { items: Array<{ id: number; remaining: number }> }).items : [];
            slot = items.find((i) => i.remaining > 0 && !full.has(i.id))?.id;
          }
          if (slot === undefined) {
            // The windows could not be listed (503 while the database is away): the answer that stopped the attempt.
            attempts.push({ kind: 'order', server: server.name, startedAt, ms: now() - startedAt, status: refused || 404 });
            await sleep(500);
            continue;
          }
          const res = await s.request(server.url, '/api/shop/v1/orders', {
            method: 'POST',
            headers: { 'idempotency-key': key },
            body: { store_id: 1001, slot_id: slot },
          });
          const body = (await res.json().catch(() => ({}))) as { id?: number; message?: string };
          attempts.push({ kind: 'order', server: server.name, startedAt, ms: now() - startedAt, status: res.status });
          if (res.status === 201 && body.id) {
            acknowledged.push({ id: body.id, key });
            placed = true;
          } else if (/full/.test(body.message ?? '')) {
            full.add(slot);
            if (full.size % 6 === 0) day = Math.min(14, day + 1);
          } else await sleep(500);
        } catch (error) {
          const e = error as Error & { cause?: { code?: string } };
          attempts.push({
            kind: 'order',
            server: server.name,
            startedAt,
            ms: now() - startedAt,
            status: 0,
            error: e.cause?.code ?? e.message,
          });
          await sleep(500);
        }
      }
    }
  };
  const running = shoppers.map((s, i) => shop(s, i));
  return {
    acknowledged,
    attempts,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

export function tally(outcomes: Outcome[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.status ? `${o.status}` : `error ${o.error}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

export function table(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n## ${title}`);
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  console.log(`| ${cols.join(' | ')} |`);
  console.log(`|${cols.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${cols.map((c) => String(r[c] ?? '')).join(' | ')} |`);
}

export async function ordersInDatabase(url: string, since: number): Promise<{ ids: Set<number>; duplicateKeys: number }> {
  const db = await openDatabase({ databaseUrl: url });
  try {
    const rows = await sql<{ id: number }>`SELECT id FROM orders WHERE created_at >= ${since}`.execute(db.kysely);
    const dup = await sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM (SELECT idempotency_key FROM order_requests WHERE created_at >= ${since} GROUP BY user_id, idempotency_key HAVING COUNT(*) > 1) d`.execute(
      db.kysely,
    );
    return { ids: new Set(rows.rows.map((r) => Number(r.id))), duplicateKeys: Number(dup.rows[0]?.n ?? 0) };
  } finally {
    await db.close();
  }
}
