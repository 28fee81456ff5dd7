import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve as resolvePath } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { currentCompiledServer } from '../../scripts/build-stamp.mjs';
import { SERVER_MALLOC_ENV } from '../../scripts/server-env.mjs';
import { users } from '../../fixtures/users';
import { buildApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import type { Db } from '../db/connection';
import { cloneTemplate } from './databases';

// An upload's import runs on a worker thread (server/services/catalogue/import-thread.ts): the compiled one when the
// build is current, as server processes are, since tsx would compile the worker's sources anew for every import.
if (currentCompiledServer()) process.env.IMPORT_WORKER_ENTRY ??= resolvePath('dist/server/import-worker.mjs');

// The real server on a random loopback port with its own copy of the seeded database.

/**
 * Where test servers differ from `npm start`, and why. Keep-alive: on a loaded machine the test process stalls
 * for seconds between two requests; a connection the server times out meanwhile is reused by fetch before it
 * sees the close (its idle clock is coarse and falls behind under load) and the request is reset (ECONNRESET in
 * the XSS suite). Browsers retry such a request, fetch does not: idle connections stay open until the server closes.
 */
export const TEST_SERVER_ENV: Record<string, string> = { KEEP_ALIVE_TIMEOUT_MS: String(10 * 60_000) };

export interface TestServer {
  url: string;
  app: FastifyInstance;
  db: Db;
  /** Where its database is, to start a second server process on the same data. */
  database: { sqlitePath?: string; databaseUrl?: string };
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  // The template is migrated and seeded once per run (global-setup.ts): a copy needs no migration check (Kysely's
  // lock table and schema read cost each file about a tenth of a CPU-second).
  const clone = await cloneTemplate(inject('templateDb'));
  const db = clone.db;
  const config = {
    ...loadConfig(TEST_SERVER_ENV),
    port: 0,
    sqlitePath: clone.sqlitePath ?? '',
    databaseUrl: clone.databaseUrl,
    logLevel: 'silent',
    // No warm-up after listening (the search indexes, the home page): most files never search, and the build cost
    // each file about 0.18 CPU-s (docs/testing.md); a file that searches builds the index on its first search.
    warmUp: false,
    ...overrides,
  };
  const app = await buildApp(db, config, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  inProcess.set(url, app);
  return {
    url,
    app,
    db,
    database: { sqlitePath: clone.sqlitePath, databaseUrl: clone.databaseUrl },
    async close() {
      inProcess.delete(url);
      // A test server has no one to drain for. Its idle connections live 10 minutes (TEST_SERVER_ENV), and a
      // connection whose last request was answered before its body was read (an early 4xx) never counts as
      // idle, so a plain close waited for the client to hang up: 120 s hook timeouts in passwords.test.ts.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await db.close();
      await clone.dispose();
    },
  };
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM and wait for the exit. */
  close(): Promise<void>;
}

/** The real server (`server/main.ts`) as its own process on a database (env SQLITE_PATH or DATABASE_URL). */
export async function spawnServerProcess(
  database: { sqlitePath?: string; databaseUrl?: string },
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string> = {
    // The allocator's settings `npm start` gives its server (scripts/start.mjs).
    ...SERVER_MALLOC_ENV,
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...TEST_SERVER_ENV,
    // The root tsconfig.json only lists the per-layer projects; JSX and the other compiler options are in the base.
    TSX_TSCONFIG_PATH: 'tsconfig.base.json',
    // No warm-up (the search indexes, the home page), as in-process test servers: no test of a server process has
    // the warm-up as its subject (server/readiness.test.ts tests it in process), and it took 0.43 of a start's 1.97
    // CPU-s (docs/testing.md). A test that searches builds the index on its first search.
    WARM_UP: '0',
    ...extraEnv,
  };
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.SQLITE_PATH = database.sqlitePath!;
  }
  // The compiled server (what `npm start` runs) when the build is current, as it is in `npm test` after the build
  // step: it starts in a fraction of the time and CPU of compiling the sources through tsx on a busy machine.
  const compiled = currentCompiledServer();
  const args = compiled ? [compiled] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // A test that fails before its clean-up must not leave a server running: the test process takes it along.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 120_000); // generous: a loaded machine starts tsx slowly
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${said}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A second server on the same database, in its own process, as behind a load balancer. */
export function startPeerServer(of: TestServer): Promise<ServerProcess> {
  return spawnServerProcess(of.database);
}

/**
 * The servers of this test process, by address: a `Client` of one of them sends its requests through `app.inject`
 * (Fastify's in-process requests: the same routes, hooks and answers without a socket, about a third of the CPU of
 * a request over loopback). The server still listens, for what needs a socket: a raw `fetch`, a second process, a
 * browser. Servers in other processes (`spawnServerProcess`) are reached over the network.
 */
const inProcess = new Map<string, FastifyInstance>();

/** Bodies of these statuses are empty by definition; `Response` refuses one. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** A request to an in-process server through `app.inject`, answered as `fetch` answers it (`redirect: 'manual'`). */
async function injected(app: FastifyInstance, url: string, init: RequestInit): Promise<Response> {
  // The Request reads the body as fetch sends it (a FormData's boundary, a URLSearchParams' type).
  const request = new Request(url, init);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key] = value));
  const { host } = new URL(url);
  // What fetch adds (Node's undici), so the server sees the same request.
  const added = { host, connection: 'keep-alive', accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node' };
  for (const [key, value] of Object.entries({ ...added, 'accept-encoding': 'gzip, deflate' })) headers[key] ??= value;
  if (request.body) headers['content-length'] ??= String(body?.length ?? 0);
  const res = await app.inject({
    method: request.method as 'GET',
    url: url.slice(url.indexOf('/', url.indexOf('//') + 2)),
    headers,
    ...(body ? { body } : {}),
    remoteAddress: '127.0.0.1',
  });
  const out = new Headers();
  for (const [key, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) out.append(key, one);
  }
  let payload: Buffer | null = NULL_BODY.has(res.statusCode) || request.method === 'HEAD' ? null : res.rawPayload;
  const encoding = out.get('content-encoding');
  if (payload && encoding === 'gzip') payload = gunzipSync(payload);
  else if (payload && encoding === 'br') payload = brotliDecompressSync(payload);
  else if (payload && encoding === 'deflate') payload = inflateSync(payload);
  return new Response(payload ? new Uint8Array(payload) : null, { status: res.statusCode, statusText: res.statusMessage, headers: out });
}

/** A browser-like client: keeps cookies, reads the nonce from pages or sign-in answers, sends it on writes. */
export class Client {
  cookies = new Map<string, string>();
  nonce = '';
  constructor(readonly base: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async raw(path: string, init: RequestInit & { nonce?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    if (init.nonce !== false && this.nonce && !headers.has('x-wp-nonce') && init.method && init.method !== 'GET')
      headers.set('x-wp-nonce', this.nonce);
    const app = inProcess.get(this.base);
    const res = app
      ? await injected(app, this.base + path, { ...init, headers })
      : await fetch(this.base + path, { ...init, headers, redirect: 'manual' });
    this.keepCookies(res);
    return res;
  }

  async json<T = Record<string, unknown>>(
    path: string,
    init: { method?: string; body?: unknown; nonce?: boolean; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.raw(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      nonce: init.nonce,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: tests assert on that */
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  /** A GET as the islands send it, with the nonce: a GET without one runs as an anonymous visitor. */
  get<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
    return this.json<T>(path, { headers: { 'x-wp-nonce': this.nonce } });
  }

  /** Loads a page and picks up its nonce from the site config, as the browser runtime does. */
  async page(path: string): Promise<{ status: number; html: string }> {
    const res = await this.raw(path);
    const html = await res.text();
    const m = /<script type="application\/json" id="site-config">(.*?)<\/script>/s.exec(html);
    if (m) this.nonce = (JSON.parse(m[1]) as { nonce: string }).nonce;
    return { status: res.status, html };
  }

  async signIn(email: string, password: string): Promise<void> {
    if (!this.nonce) await this.page('/');
    const r = await this.json<{ nonce: string }>('/api/shop/v1/session', { method: 'POST', body: { email, password } });
    if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
    this.nonce = r.body.nonce;
  }
}

/** The seeded accounts of fixtures/users.ts, by the name before the @ of their email. */
export type SeededAccount = 'admin' | 'editor' | 'staff' | 'casey' | 'jordan' | 'merchandiser' | 'contributor';

/** A client signed in on the server at `base`: it keeps the session cookie and the nonce of the sign-in answer. */
export async function signedIn(base: string, email: string, password: string): Promise<Client> {
  const c = new Client(base);
  await c.signIn(email, password);
  return c;
}

/** A client signed in as a seeded account, with the password the seed gave it. */
export function signedInAs(base: string, who: SeededAccount): Promise<Client> {
  const user = users.find((u) => u.email.startsWith(`${who}@`));
  if (!user) throw new Error(`no seeded account ${who}`);
  return signedIn(base, user.email, user.password);
}

/** An anonymous visitor who has loaded `path`: it holds the page's nonce (and any cookie it set), as a browser would. */
export async function visitorAt(base: string, path = '/'): Promise<Client> {
  const c = new Client(base);
  await c.page(path);
  return c;
}

/** A visitor who has chosen a store as the store picker does (PUT current-store), or none for null. */
export async function visitorWithStore(base: string, storeId: number | null): Promise<Client> {
  const c = await visitorAt(base, '/contact');
  if (storeId === null) return c;
  const r = await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: storeId } });
  if (r.status !== 200) throw new Error(`choosing store ${storeId} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return c;
}

/**
 * The test file's server: started before its tests and closed after them, in place of the same four lines of
 * set-up in every file. Read it inside tests and hooks (before they run there is no server to read).
 */
export function useTestServer(overrides: Partial<ServerConfig> = {}): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(overrides);
  });
  afterAll(async () => current?.close());
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!current) throw new Error('The test server starts in beforeAll: read it inside a test or a hook.');
      return Reflect.get(current, key);
    },
  });
}
