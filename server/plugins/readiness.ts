import type { Server } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { CATALOGS } from '../../core/shop/catalog';
import { loadMigrations } from '../db/migration-files';
import { findProducts } from '../services/product-search';

// `GET /readyz`: whether this server should get traffic now (docs/operations.md, Readiness and shutdown). Beside
// `/healthz` (is the process sound), it answers 200 only when every migration this code knows is applied, the
// database answers within READY_DB_TIMEOUT_MS, the warm-up after listening is done (the search indexes built and
// the anonymous home page in the page cache, so the first shoppers after a restart do not pay for it), and the
// server is not shutting down. Otherwise 503 with the failing checks named.

const READY_DB_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    readiness: {
      warm: boolean;
      /** SIGTERM received: /readyz answers 503 and every answer says `Connection: close`. */
      draining: boolean;
      /** …and, with PROXY_DRAIN_MS, reads that arrive are turned back for the proxy to retry elsewhere. */
      bouncing: boolean;
    };
  }
}

/** The methods every proxy retries on another server (nginx: all but POST, PATCH and LOCK). */
const RETRIED_BY_PROXIES = new Set(['GET', 'HEAD']);

/**
 * The stopping server's side of a rolling restart (docs/operations.md, Rolling restarts). Registered first, so a
 * turned-back request costs no session lookup. While draining, every answer carries `Connection: close`: a client
 * or proxy holding a keep-alive connection opens its next one elsewhere instead of meeting a closed socket. While
 * bouncing (PROXY_DRAIN_MS, the listener still open), a GET or HEAD that arrives gets 502 at once, unprocessed: nginx
 * (`proxy_next_upstream … http_502`, `max_fails=1`) sends it to another server and stops choosing this one, so no
 * connection is waiting in the accept queue when the listener closes (closing it resets those, and a POST on one
 * would be lost). Writes that arrive meanwhile are served: the database is still there.
 */
export function installStopping(app: FastifyInstance): void {
  app.decorate('readiness', { warm: false, draining: false, bouncing: false });
  app.addHook('onRequest', async (request, reply) => {
    if (!app.readiness.bouncing || !RETRIED_BY_PROXIES.has(request.method)) return;
    return reply
      .code(502)
      .header('Retry-After', '1')
      .header('Cache-Control', 'no-store')
      .header('Connection', 'close')
      .send({ code: 'rest_server_stopping', message: 'This server is stopping. Send the request again.', data: { status: 502 } });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (app.readiness.draining) reply.header('Connection', 'close');
  });
  // Closing drains too (a test server, a stop without SIGTERM). Node's close ends only the keep-alive connections
  // idle at that moment: one whose answer was still on its way (a page still being compressed on a busy thread
  // pool, a body still arriving) turned idle afterwards and held close() for its keep-alive timeout. So an answer
  // that finishes while draining ends its connection.
  app.addHook('preClose', async () => {
    app.readiness.draining = true;
    // One turn of the event loop before Node closes the idle connections: bytes that came in the same turn as the
    // signal are read, so a request that arrived is under way (not idle) when the list is taken.
    await new Promise((resolve) => setImmediate(resolve));
  });
  keepUnansweredConnections(app.server);
  app.addHook('onResponse', async (request) => {
    const socket = request.raw.socket;
    if (app.readiness.draining && socket instanceof Socket && !socket.destroyed) socket.end();
  });
}

/**
 * Closing ends only the idle keep-alive connections: those that were answered and have no request under way. Node
 * 20 and 24 count a connection whose first request has not been read yet as busy; Node 26 counts it as idle, and
 * its close destroyed such a connection, its request unread (the client met a reset: a POST arriving at SIGTERM
 * was lost). Here a connection that has not been answered yet is left to be served (its answer says `Connection:
 * close`, and onResponse ends it); one that never sends anything is cut by the silent-connection timeout or by
 * the drain's deadline (server/main.ts). Node's own list decides what is idle; this only takes out the unanswered.
 */
function keepUnansweredConnections(server: Server): void {
  const answered = new WeakSet<Socket>();
  server.on('request', (request, response) => response.once('finish', () => answered.add(request.socket)));
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    // Node's list of the connections, set once the server listens.
    const connections = Object.getOwnPropertySymbols(server).find((s) => s.description === 'http.server.connections');
    const list = connections && (Reflect.get(server, connections) as { idle?: () => { socket?: Socket }[] } | undefined);
    // Not the list this was written against (another Node): Node's own rule.
    if (typeof list?.idle !== 'function') return closeIdle();
    for (const { socket } of list.idle()) {
      const busy = Reflect.get(socket ?? {}, '_httpMessage') as { finished?: boolean } | undefined;
      if (socket && answered.has(socket) && !(busy && !busy.finished)) socket.destroy();
    }
  };
}

async function appliedMigrations(app: FastifyInstance): Promise<Set<string>> {
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(app.db.kysely);
  return new Set(rows.rows.map((r) => r.name));
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What the first requests after a start would otherwise build: the database's connections, the search indexes and
 * the anonymous home page.
 */
async function warmUp(app: FastifyInstance): Promise<void> {
  await app.db.openPool?.();
  for (const catalog of CATALOGS) await findProducts(app.db.kysely, catalog, 'warm');
  const home = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
  if (home.statusCode !== 200) throw new Error(`home page answered ${home.statusCode}`);
}

export const readinessPlugin = fp(async (app: FastifyInstance) => {
  const state = app.readiness;
  let known: string[] | null = null;

  const startWarmUp = (attempt = 0) => {
    warmUp(app).then(
      () => {
        state.warm = true;
      },
      (error: Error) => {
        // The database may be on its way (a restart): try again, a little later each time, up to a minute apart.
        app.log.warn({ reason: error.message }, 'warm-up failed; retrying');
        setTimeout(() => startWarmUp(attempt + 1), Math.min(60_000, 500 * 2 ** attempt)).unref();
      },
    );
  };
  // Without the warm-up (an in-process test server) there is nothing to wait for: searches build on first use.
  if (app.config.warmUp === false) state.warm = true;
  else app.addHook('onListen', async () => startWarmUp());

  // On SQLite the database file guard answers /healthz (server/db/file-guard.ts); elsewhere the process is sound if
  // it answers at all.
  if (app.db.dialect !== 'sqlite')
    app.get('/healthz', async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    known ??= Object.keys(await loadMigrations());
    const applied = await within(appliedMigrations(app), READY_DB_TIMEOUT_MS).catch(() => null);
    const checks = {
      database: applied !== null,
      migrated: applied !== null && known.every((name) => applied.has(name)),
      warm: state.warm,
      accepting: !state.draining,
    };
    const ready = Object.values(checks).every(Boolean);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
});
