import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { appendFileSync } from 'node:fs';
import { type Kysely, type LogEvent, PostgresDialect } from 'kysely';
import type { PoolClient } from 'pg';
import type { Database } from './schema';
import { queryObserved, statementObserver } from './observe';
import { ImmediateSqliteDialect } from './sqlite-dialect';
import { StatementCache } from './statement-cache';
import { RetryingKysely } from './transactions';

// The one place the dialect is chosen: PostgreSQL when DATABASE_URL is a postgres URL, SQLite otherwise.

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (metrics). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Opens PostgreSQL's pool in full (the server's warm-up), so no shopper's request waits for a new backend. */
  openPool?: () => Promise<void>;
}

/** Every query's duration goes to the observer (server/metrics.ts); with SQL_LOG_FILE, its text too. */
const log = (event: LogEvent) => {
  queryObserved(event.queryDurationMillis, event.level === 'query');
  statementObserver?.statement(event.queryDurationMillis, event.query.sql);
  logSql?.(event);
};

/**
 * better-sqlite3's native addon for this Node: BETTER_SQLITE3_BINDING names one built for another Node than the one
 * node_modules was installed with (`npm run test:matrix` builds one per Node line in .tools/, scripts/node-lines.mjs).
 */
export function sqliteOptions(): { nativeBinding?: string } {
  return process.env.BETTER_SQLITE3_BINDING ? { nativeBinding: process.env.BETTER_SQLITE3_BINDING } : {};
}

let lastLoss = 0;
/** One line per outage rather than one per pooled connection. */
function lostConnection(error: Error): void {
  const now = Date.now();
  if (now - lastLoss > 10_000) console.warn(`PostgreSQL: connection lost (${error.message}); reconnecting on the next query`);
  lastLoss = now;
}

/**
 * SQL_LOG_FILE=path: every statement run (its text and parameters) appended as a JSON line, so the query-plan
 * test (server/routes/shop/query-plans.test.ts) can EXPLAIN what the shop's API tests ran.
 */
const logSql = ((file: string | undefined) =>
  file
    ? (event: LogEvent) => {
        if (event.level === 'query')
          appendFileSync(
            file,
            `${JSON.stringify({ sql: event.query.sql, parameters: event.query.parameters, worker: process.env.VITEST_WORKER_ID })}\n`,
          );
      }
    : undefined)(process.env.SQL_LOG_FILE);

/** How long a PostgreSQL connection may sit idle before the pool closes it. */
export const POOL_IDLE_MS = 10 * 60_000;

export async function openDatabase(options: {
  databaseUrl?: string;
  sqlitePath?: string;
  poolMax?: number;
  /** SQLite's page cache for this connection, in KiB (better-sqlite3's build: 16 MiB). */
  sqliteCacheKb?: number;
}): Promise<Db> {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pg = await import('pg');
    // BIGINT (our millisecond timestamps) as numbers, not strings; they fit well within 2^53.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const max = options.poolMax ?? 10;
    const pool = new pg.default.Pool({
      connectionString: url,
      max,
      // With the database away (restart, failover, a network cut) a request waits at most this long for a
      // connection and then answers 503, instead of hanging; the pool connects anew on the next query.
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
      // A connection stays open through a lull: node-postgres closes one idle for 10 s by default, so under a
      // steady load each burst that needed one more connection opened a new backend, and the requests queued
      // behind it paid the connect and the backend's cold caches (docs/performance.md, Scale). An idle
      // connection does not keep a script's process alive.
      idleTimeoutMillis: POOL_IDLE_MS,
      allowExitOnIdle: true,
    });
    // A connection the server closes (restart, failover, DROP … FORCE) errors on its client: the pool listens only
    // while the client is idle, so one in use by a query would raise an unhandled 'error' and end the process.
    // Its query fails with the same error (503 to the caller); the pool discards the client when it comes back.
    pool.on('connect', (client) => client.on('error', (error) => lostConnection(error)));
    pool.on('error', (error) => lostConnection(error));
    // The request-timing log (server/plugins/request-timing.ts) attributes a slow answer's wait for a connection.
    if (statementObserver) {
      const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
      Object.assign(pool, {
        connect: async () => {
          const t0 = performance.now();
          const client = await connect();
          statementObserver?.poolWait(performance.now() - t0);
          return client;
        },
      });
    }
    const kysely = new RetryingKysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return {
      kysely,
      dialect: 'postgres',
      close: () => kysely.destroy(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // All at once, so the pool opens a connection for each (a fresh server's first seconds at 100 req/s opened
      // five or six, each request queued behind one paying the connect); kept open by POOL_IDLE_MS.
      // A connection refused (the server's max_connections reached) leaves the pool to grow on demand as before,
      // rather than keeping the server from being ready.
      openPool: async () => {
        const opened = await Promise.allSettled(Array.from({ length: max }, () => pool.connect()));
        for (const client of opened) if (client.status === 'fulfilled') client.value.release();
      },
    };
  }
  const path = options.sqlitePath ?? 'data/site.db';
  const { default: SQLite } = await import('better-sqlite3');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path, sqliteOptions());
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  if (options.sqliteCacheKb) sqlite.pragma(`cache_size = -${Math.round(options.sqliteCacheKb)}`);
  // Kysely's SQLite driver prepares every query anew; the same few statements run on every page view, so
  // each is prepared once (better-sqlite3 statements are reusable and re-prepare after a schema change).
  const statements = new StatementCache((text: string) => sqlite.prepare(text));
  const database = { close: () => sqlite.close(), prepare: (text: string) => statements.get(text) };
  const kysely = new RetryingKysely<Database>({ dialect: new ImmediateSqliteDialect({ database }), log });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
