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
    readiness: { warm: boolean; draining: boolean };
  }
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

/** What the first requests after a start would otherwise build: the search indexes and the anonymous home page. */
async function warmUp(app: FastifyInstance): Promise<void> {
  for (const catalog of CATALOGS) await findProducts(app.db.kysely, catalog, 'warm');
  const home = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
  if (home.statusCode !== 200) throw new Error(`home page answered ${home.statusCode}`);
}

export const readinessPlugin = fp(async (app: FastifyInstance) => {
  const state = { warm: false, draining: false };
  app.decorate('readiness', state);
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
  app.addHook('onListen', async () => startWarmUp());

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
