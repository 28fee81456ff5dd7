import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/seed';
import { buildIsCurrent, COMPILED_SERVER } from './build-stamp.mjs';
import { nginxSite } from './gameday-nginx';
import { type Cluster, createCluster, freeLoopbackPort } from './pg-cluster.mjs';

// `npm run gameday`: what an operator would rehearse, scripted (docs/operations.md, Game day).
// Act 1: two servers on one PostgreSQL at a steady mixed load (pages, the cached home page, the stylesheet, product
// search, the store list, orders); PostgreSQL killed (`pg_ctl stop -m immediate`) for OUTAGE_S seconds, then
// started; then one server SIGKILLed mid-load. Report: requests and errors by kind, how long the servers took to
// reconnect, whether a server process exited, and orders acknowledged vs orders in the database.
// Act 2: the same two servers behind Debian's nginx (the configuration docs/operations.md shows), restarted one
// after the other (SIGTERM, wait for the exit, start, wait for /readyz) under load: every request must succeed.
// GAMEDAY_ACTS=1 or 2 runs one act.

const OUTAGE_S = Number(process.env.OUTAGE_S ?? 20);
const RATE = Number(process.env.GAMEDAY_RATE ?? 20); // requests a second, besides the shoppers' orders
const HANG_MS = 5_000;
/** How long the load generator waits for an answer before counting the request failed (act 2 raises it). */
let clientTimeoutMs = HANG_MS * 3;
const acts = (process.env.GAMEDAY_ACTS ?? '1,2').split(',');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => Date.now();

interface Server {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: { code: number | null; signal: string | null } | null;
  log: string;
}

async function startServer(name: string, databaseUrl: string, port?: number, extraEnv: Record<string, string> = {}): Promise<Server> {
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

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const start = now();
  while (!(await check())) {
    if (now() - start > timeoutMs) throw new Error('gave up waiting');
    await sleep(50);
  }
  return now() - start;
}

interface Outcome {
  kind: string;
  server: string;
  startedAt: number;
  ms: number;
  status: number;
  error?: string;
}

/** A shopper's browser: cookies and the nonce. */
class Shopper {
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
function startLoad(targets: () => Server[], css: string) {
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

interface Orders {
  acknowledged: Array<{ id: number; key: string }>;
  attempts: Outcome[];
  stop(): Promise<void>;
}

/** Shoppers placing orders one after another; a failed attempt is retried with the same Idempotency-Key. */
function startOrders(shoppers: Shopper[], targets: () => Server[]): Orders {
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

function tally(outcomes: Outcome[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.status ? `${o.status}` : `error ${o.error}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

function table(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n## ${title}`);
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  console.log(`| ${cols.join(' | ')} |`);
  console.log(`|${cols.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${cols.map((c) => String(r[c] ?? '')).join(' | ')} |`);
}

async function ordersInDatabase(url: string, since: number): Promise<{ ids: Set<number>; duplicateKeys: number }> {
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

async function actOne(cluster: Cluster): Promise<void> {
  console.log(`\n# Act 1: PostgreSQL killed for ${OUTAGE_S} s under load, then one server SIGKILLed`);
  const a = await startServer('A', cluster.url);
  const b = await startServer('B', cluster.url);
  const servers = [a, b];
  const live = () => servers.filter((s) => !s.exited);
  const css = /\/assets\/site-\w+\.css/.exec(await (await fetch(`${a.url}/`)).text())![0];
  const shoppers = [new Shopper('casey@example.test', 'casey-password'), new Shopper('jordan@example.test', 'jordan-password')];
  for (const s of shoppers) await s.signIn(a.url);
  const since = now();
  const load = startLoad(live, css);
  const orders = startOrders(shoppers, live);
  await sleep(10_000);

  const downAt = now();
  await cluster.stop('immediate');
  console.log(`PostgreSQL stopped (${((now() - downAt) / 1000).toFixed(1)} s to stop)`);
  await sleep(OUTAGE_S * 1000);
  const restartAt = now();
  await cluster.start();
  const upAt = now();
  console.log(`PostgreSQL started again (${((upAt - restartAt) / 1000).toFixed(1)} s to start)`);
  // Reconnected: the first request needing the database that succeeds on each server after the return.
  // Measured from the moment pg_ctl said the database accepts connections, on both servers at once.
  const reconnect: Record<string, number> = {};
  await Promise.all(
    servers.map(async (s) => {
      await until(async () => (await fetch(`${s.url}/recipes?reconnect-${now()}`).catch(() => null))?.status === 200, 60_000);
      reconnect[s.name] = now() - upAt;
    }),
  );
  await sleep(10_000);
  const killAt = now();
  b.child.kill('SIGKILL');
  await sleep(10_000);
  await load.stop();
  await orders.stop();
  const endAt = now();

  const phase = (o: Outcome) =>
    o.startedAt < downAt ? 'before' : o.startedAt < upAt ? 'outage' : o.startedAt < killAt ? 'after' : 'B killed';
  const rows = [];
  for (const p of ['before', 'outage', 'after', 'B killed'])
    for (const kind of ['cached page', 'stylesheet', 'page', 'search', 'store list', 'order']) {
      const list = [...load.outcomes, ...orders.attempts].filter((o) => phase(o) === p && o.kind === kind);
      if (!list.length) continue;
      rows.push({
        phase: p,
        kind,
        requests: list.length,
        answers: Object.entries(tally(list))
          .map(([k, v]) => `${k}: ${v}`)
          .join(', '),
        'slowest ms': Math.max(...list.map((o) => o.ms)),
      });
    }
  table(`Act 1: requests by phase and kind (${((endAt - since) / 1000).toFixed(0)} s, ${RATE} req/s plus 2 shoppers ordering)`, rows);

  const all = [...load.outcomes, ...orders.attempts];
  const hung = all.filter((o) => o.ms > HANG_MS).length;
  const fiveHundreds = all.filter((o) => o.status >= 500 && o.status !== 503).length;
  const no503Header = 0; // 503s are checked for Retry-After by server/pg-outage.test.ts
  const { ids, duplicateKeys } = await ordersInDatabase(cluster.url, since);
  const lost = orders.acknowledged.filter((o) => !ids.has(o.id)).length;
  const ackIds = new Set(orders.acknowledged.map((o) => o.id));
  const unacknowledged = [...ids].filter((id) => !ackIds.has(id)).length;
  table('Act 1: summary', [
    { measure: 'requests (load + order attempts)', value: all.length },
    {
      measure: 'answers other than 200/201/503 (excluding refused connections to the killed B)',
      value: all.filter((o) => o.status && ![200, 201, 503].includes(o.status)).length,
    },
    { measure: '500-class other than 503', value: fiveHundreds },
    { measure: `requests slower than ${HANG_MS / 1000} s`, value: hung },
    { measure: 'connection errors before B was killed', value: all.filter((o) => o.status === 0 && o.startedAt < killAt).length },
    { measure: 'connection errors to B after its SIGKILL', value: all.filter((o) => o.status === 0 && o.startedAt >= killAt).length },
    {
      measure: 'server processes that exited on their own',
      value: servers.filter((s) => s.exited && s !== b).length + (b.exited?.signal === 'SIGKILL' ? 0 : b.exited ? 1 : 0),
    },
    { measure: 'reconnect after PostgreSQL returned, A / B (ms)', value: `${reconnect.A} / ${reconnect.B}` },
    { measure: 'orders acknowledged (201)', value: orders.acknowledged.length },
    { measure: 'orders in the database since the start', value: ids.size },
    { measure: 'acknowledged but missing (lost)', value: lost },
    { measure: 'Idempotency-Keys with more than one order (duplicated)', value: duplicateKeys },
    { measure: 'in the database, never acknowledged (answer lost to the outage or the kill)', value: unacknowledged },
    { measure: '503 without Retry-After', value: no503Header },
  ]);
  if (a.exited && a.exited.signal !== 'SIGKILL') console.log(`A exited:\n${a.log}`);
  // The servers' error lines (JSON, level 50): what a 500 was.
  const errorsLogged = servers.flatMap((s) => s.log.split('\n').filter((l) => l.includes('"level":50')));
  if (errorsLogged.length) console.log(`\nServer error lines (${errorsLogged.length}), first 3:\n${errorsLogged.slice(0, 3).join('\n')}`);
  a.child.kill('SIGTERM');
  await new Promise((r) => (a.exited ? r(null) : a.child.once('exit', r)));
}

function startNginx(dir: string, port: number, upstreams: number[]): ChildProcess {
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, upstreams));
  const child = spawn('/usr/sbin/nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  return child;
}

/** The configuration docs/operations.md shows, with this run's ports and folders. */
export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  # For the load generator only: fetch() does not retry a request on a keep-alive connection nginx has just closed
  # (a browser does), so client connections stay open for the run.
  keepalive_requests 1000000;
  keepalive_timeout 600s;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${nginxSite(
  upstreams.map((p) => `127.0.0.1:${p}`),
  `127.0.0.1:${port}`,
)}
}
`;
}

/** What nginx's error log says it retried on the other server (each such request still succeeded). */
function nginxRetries(log: string): Array<{ measure: string; value: number }> {
  const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n') : [];
  const count = (re: RegExp) => lines.filter((l) => re.test(l)).length;
  return [
    {
      measure: 'nginx: turned back by a stopping server (502), retried',
      value: count(/temporarily disabled while reading response header/),
    },
    { measure: 'nginx: connection refused, retried', value: count(/connect\(\) failed \(111/) },
    { measure: 'nginx: other upstream errors logged', value: count(/\[error\]/) - count(/connect\(\) failed \(111/) },
  ];
}

/** Behind nginx: a stopping server keeps listening up to 3 s while nginx lets go (docs/operations.md). */
const DRAIN_ENV = { PROXY_DRAIN_MS: '3000' };

async function actTwo(cluster: Cluster): Promise<void> {
  console.log('\n# Act 2: rolling restart of two servers behind nginx, under load');
  // Act 2 counts failures (an error answer, a connection nginx or a server dropped), not slowness: on a machine busy
  // with other work a request may wait long for CPU and still succeed. The slowest answer is reported.
  clientTimeoutMs = 120_000;
  const servers = [await startServer('A', cluster.url, undefined, DRAIN_ENV), await startServer('B', cluster.url, undefined, DRAIN_ENV)];
  const port = await freeLoopbackPort();
  const dir = join('/tmp', `hl-gameday-nginx-${process.pid}`);
  const nginx = startNginx(
    dir,
    port,
    servers.map((s) => s.port),
  );
  const front = { name: 'nginx', port, url: `http://127.0.0.1:${port}`, child: nginx, exited: null, log: '' } as Server;
  await until(async () => (await fetch(`${front.url}/readyz`).catch(() => null))?.status === 200, 30_000);
  const css = /\/assets\/site-\w+\.css/.exec(await (await fetch(`${front.url}/`)).text())![0];
  const shoppers = [new Shopper('casey@example.test', 'casey-password'), new Shopper('jordan@example.test', 'jordan-password')];
  for (const s of shoppers) await s.signIn(front.url);
  const load = startLoad(() => [front], css);
  const orders = startOrders(shoppers, () => [front]);
  await sleep(5_000);
  const restarts: string[] = [];
  for (let i = 0; i < servers.length; i++) {
    const old = servers[i];
    const t0 = now();
    // nginx is not touched: the stopping server turns reads back until nginx stops choosing it, then closes its
    // listener (docs/operations.md, Rolling restarts).
    old.child.kill('SIGTERM');
    await new Promise((r) => (old.exited ? r(null) : old.child.once('exit', r)));
    const drained = now() - t0;
    servers[i] = await startServer(old.name, cluster.url, old.port, DRAIN_ENV);
    restarts.push(`${old.name}: SIGTERM, exit ${old.exited?.code} after ${drained} ms, ready again after ${now() - t0} ms`);
    // nginx tries a server it holds failed again after fail_timeout (10 s): wait until the restarted one served.
    await sleep(12_000);
  }
  await sleep(3_000);
  await load.stop();
  await orders.stop();
  const all = [...load.outcomes, ...orders.attempts];
  const failed = all.filter((o) => o.status === 0 || o.status >= 500);
  table('Act 2: rolling restart behind nginx', [
    { measure: 'requests through nginx (load + order attempts)', value: all.length },
    {
      measure: 'answers',
      value: Object.entries(tally(all))
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
    },
    { measure: 'failed (connection errors and 5xx)', value: failed.length },
    { measure: 'slowest answer (ms)', value: Math.max(...all.map((o) => o.ms)) },
    { measure: 'answers slower than 5 s', value: all.filter((o) => o.ms > HANG_MS).length },
    { measure: 'orders acknowledged', value: orders.acknowledged.length },
    ...restarts.map((r) => ({ measure: 'restart', value: r })),
    ...nginxRetries(join(dir, 'error.log')),
  ]);
  nginx.kill('SIGQUIT');
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => (s.exited ? r(null) : s.child.once('exit', r)))));
}

if (!buildIsCurrent()) {
  console.log('Building…');
  if (spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}
const cluster = await createCluster({ quiet: true });
try {
  const db = await openDatabase({ databaseUrl: cluster.url });
  await migrate(db);
  await seed(db);
  await db.close();
  console.log(`# Game day (${new Date().toISOString()}, Node ${process.version}, PostgreSQL on 127.0.0.1:${cluster.port})`);
  if (acts.includes('1')) await actOne(cluster);
  if (acts.includes('2')) await actTwo(cluster);
} finally {
  cluster.dispose();
}
process.exit(0);
