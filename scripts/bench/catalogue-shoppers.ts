import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { openDatabase } from '../../server/db/connection';
import { currentCompiledServer } from '../build-stamp.mjs';
import { freeLoopbackPort as freePort } from '../pg-cluster.mjs';
import { SERVER_MALLOC_ENV } from '../server-env.mjs';
import type { MixedRequest } from './harness';

// The catalogue benchmark's server, shoppers and feed files (scripts/bench/catalogue-run.ts, and
// scripts/bench/catalogue-upload.ts, which measures a server applying an upload on its own).

/** The environment the bench's servers and command lines run with (the database's variables added by the caller). */
export const benchEnv = (): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  TSX_TSCONFIG_PATH: 'tsconfig.base.json',
  IMPORT_MAX_BYTES: String(1024 * 1024 * 1024),
  // As in the tests: a polling client must not reuse a connection the server is just closing (ECONNRESET).
  KEEP_ALIVE_TIMEOUT_MS: String(10 * 60_000),
});

/**
 * What `npm start` runs (scripts/start.mjs): the compiled server, built first when the sources are newer, with the
 * allocator's settings (BENCH_NO_MALLOC_ENV=1 leaves them out). The sources through tsx (BENCH_TSX=1) carry tsx's
 * loader and its compiled sources: a server about 60–70 MB larger at rest (docs/performance.md, Scale), which is what
 * the bench measured whenever the build was not current.
 */
export function compiledServer(): string | null {
  if (process.env.BENCH_TSX) return null;
  if (!currentCompiledServer()) {
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`the build failed (${built.status})`);
  }
  return currentCompiledServer();
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const compiled = compiledServer();
  const child = spawn(process.execPath, compiled ? [compiled] : ['--import', 'tsx', 'server/main.ts'], {
    env: { ...(process.env.BENCH_NO_MALLOC_ENV ? {} : SERVER_MALLOC_ENV), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('is running at') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    // A server stopping waits for a running import to end: after 30 s (a run that failed half way) it is killed.
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export async function signIn(url: string, email: string, password: string): Promise<{ cookie: string; nonce: string }> {
  const home = await fetch(`${url}/`);
  const nonce = (JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(await home.text())![1]) as { nonce: string }).nonce;
  const cookie = home.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${url}/api/shop/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce, cookie },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return {
    nonce: ((await res.json()) as { nonce: string }).nonce,
    cookie:
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ') || cookie,
  };
}

/**
 * Shopper accounts taking turns (at 50 req/s a turn is 80 ms). A shopper adds at its turn and places its order half
 * a round later (8 turns, 640 ms), so its next add comes as long after that order: an order that overtook its add, or
 * an add that slipped into the previous order, would leave an order with an empty cart ("Your cart is empty", 400),
 * which with one turn between an order and the next add happened to a few orders a window on a loaded host.
 */
const SHOPPERS = 16;

export interface ShopperLoad {
  /** The next `seconds` of requests at the load's rate, continuing where the last call stopped. */
  next(seconds: number): MixedRequest[];
}

/**
 * The shopper load (`/shop`, product search, POST cart/items, POST orders in turn), continued window after window.
 * Shoppers behave as shoppers do: SHOPPERS accounts take turns, each adding an item to its own cart and placing its
 * order half a round later (below), and every order is a new one, with an Idempotency-Key of its own. (The load used to be one shopper whose list of
 * 1,600 requests started again every window: its orders were replays of the first window's keys, which answer the
 * first order and leave the cart as it is, so the cart grew by an item a turn until the 99-a-line limit refused every
 * add with 400.)
 */
export async function shopperLoad(
  url: string,
  database: { databaseUrl?: string; sqlitePath?: string },
  options: { rate: number; run: string },
): Promise<ShopperLoad> {
  const db = await openDatabase(database);
  // Accounts of their own (casey's password), made once per database; each signs in with its own session.
  const casey = await db.kysely.selectFrom('users').selectAll().where('email', '=', 'casey@example.test').executeTakeFirstOrThrow();
  const emails = Array.from({ length: SHOPPERS }, (_, k) => `bench-shopper-${k}@example.test`);
  for (const email of emails)
    if (!(await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()))
      await db.kysely
        .insertInto('users')
        .values({
          email,
          name: 'Bench Shopper',
          password_hash: casey.password_hash,
          roles: casey.roles,
          segment_ids: '[]',
          store_id: 1001,
          created_at: Date.now(),
        })
        .execute();
  const shoppers: Array<{ cookie: string; json: Record<string, string> }> = [];
  for (const email of emails) {
    const { cookie, nonce } = await signIn(url, email, 'casey-password');
    const json = { 'content-type': 'application/json', 'x-wp-nonce': nonce, cookie };
    await fetch(`${url}/api/shop/v1/current-store`, { method: 'PUT', headers: json, body: JSON.stringify({ store_id: 1001 }) });
    // An item in each cart to begin with: the first turns' orders come before their shopper's first add.
    const add = await fetch(`${url}/api/shop/v1/cart/items`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ items: [{ product_id: 5000, quantity: 1 }] }),
    });
    if (!add.ok) throw new Error(`the first cart add answered ${add.status}: ${await add.text()}`);
    shoppers.push({ cookie, json });
  }
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const slots = (await (
    await fetch(`${url}/api/shop/v1/stores/1001/pickup-slots?date=${day}`, { headers: { cookie: shoppers[0].cookie } })
  ).json()) as { items: Array<{ id: number }> };
  const slotId = slots.items[0]?.id;
  if (!slotId) throw new Error('no pickup slot');
  // Many orders land in one window here: room for all of them, so every order is accepted.
  await db.kysely.updateTable('pickup_slots').set({ capacity: 1_000_000 }).where('id', '=', slotId).execute();
  await db.close();
  const run = `${options.run}-${Date.now()}`;
  // Request k of the whole load is kind k % 4 of turn k / 4: a window may end inside a turn, and the next goes on
  // from there (no add is ever skipped, whose order would then find its cart empty).
  let k = 0;
  const request = (turn: number, kind: number): MixedRequest => {
    const adds = shoppers[turn % SHOPPERS];
    if (kind === 0) return { path: '/shop', headers: { cookie: adds.cookie } };
    if (kind === 1) return { path: `/api/shop/v1/products?q=${['milk', 'bread', 'apple', 'coffee'][turn % 4]}&store_id=1001` };
    if (kind === 2)
      return {
        method: 'POST',
        path: '/api/shop/v1/cart/items',
        headers: adds.json,
        body: JSON.stringify({ items: [{ product_id: 5000 + (turn % 20), quantity: 1 }] }),
      };
    // The shopper whose add was half a round ago.
    const orders = shoppers[(turn + SHOPPERS / 2) % SHOPPERS];
    return {
      method: 'POST',
      path: '/api/shop/v1/orders',
      headers: { ...orders.json, 'idempotency-key': `bench-${run}-${turn}` },
      body: JSON.stringify({ store_id: 1001, slot_id: slotId }),
    };
  };
  return {
    next(seconds) {
      const requests: MixedRequest[] = [];
      for (const end = k + Math.round(options.rate * seconds); k < end; k++) requests.push(request(Math.floor(k / 4), k % 4));
      return requests;
    },
  };
}

/** Uploads a price file to apply and polls the import until it ends. */
export async function uploadPrices(
  url: string,
  admin: { cookie: string; nonce: string },
  file: string,
  fileName = 'prices.csv',
): Promise<{ id: number; detail: { status: string; counts: Record<string, number> } }> {
  const res = await fetch(`${url}/api/admin/v1/imports?kind=store-prices&mode=apply&file_name=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', 'content-length': String(statSync(file).size), 'x-wp-nonce': admin.nonce, cookie: admin.cookie },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (res.status !== 202) throw new Error(`the upload answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  const { id } = (await res.json()) as { id: number };
  let detail: { status: string; counts: Record<string, number> } = { status: 'running', counts: {} };
  let misses = 0;
  while (detail.status === 'running') {
    await new Promise((r) => setTimeout(r, 500));
    try {
      const r = await fetch(`${url}/api/admin/v1/imports/${id}`, { headers: { cookie: admin.cookie, 'x-wp-nonce': admin.nonce } });
      if (!r.ok) throw new Error(`polling the import answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
      detail = (await r.json()) as typeof detail;
    } catch (error) {
      if (++misses > 20) throw error;
    }
  }
  return { id, detail };
}

const upc = (i: number) => String(400000000000 + i * 7).padStart(12, '0');
const priceOf = (store: number, i: number, bump = 0) => (((i * 37 + store * 11) % 900) + 99 + bump) / 100;

async function write(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

export const NEW_STORES = 87;

/** The feed files (deterministic): stores, products, prices for `stores` × `products`, and 10 % of them changed. */
export async function writeFeedFiles(
  files: { stores: string; products: string; prices: string; prices2: string },
  departments: string[],
  stores: number[],
  products: number,
): Promise<void> {
  await write(files.stores, [
    'id,name,slug,store_number,address_1,city,state,postal_code,phone,latitude,longitude,time_zone,tax_rate,services',
    ...Array.from(
      { length: NEW_STORES },
      (_, i) =>
        `${3001 + i},Bench Market ${i + 1},bench-market-${i + 1},B${i + 1},${100 + i} Main St,Albany,NY,12207,518-555-${String(1000 + i)},42.65,-73.75,America/New_York,8,pickup`,
    ),
  ]);
  await write(files.products, [
    'upc,name,department,price,brand,size_value,size_unit',
    ...Array.from(
      { length: products },
      (_, i) =>
        `${upc(i)},Bench Item ${i},${departments[i % departments.length]},${priceOf(0, i)},Bench Brand ${i % 50},${(i % 32) + 1},oz`,
    ),
  ]);
  const prices = function* (bump: boolean) {
    yield 'store_id,upc,price,member_price,available';
    for (const s of stores) for (let i = 0; i < products; i++) yield `${s},${upc(i)},${priceOf(s, i, bump && i % 10 === 0 ? 10 : 0)},,1`;
  };
  await write(files.prices, prices(false));
  await write(files.prices2, prices(true));
}
