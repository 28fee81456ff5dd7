import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApi } from './api-path';
import { ANONYMOUS_WRITE_LIMIT, anonymousWriteKey } from './auth/anonymous-write-limit';
import { inputsFor } from './testing/fuzz-inputs';
import { type Client, signedInAs, startTestServer, type TestServer, visitorAt } from './testing/harness';

// Drives every registered route with input generated from the route's own schemas (server/testing/fuzz-inputs.ts):
// every answer must be a 4xx JSON error (for the API) or a correct 2xx/3xx, never a 5xx; and a rejected
// request must not change the database.

let server: TestServer;
beforeAll(async () => {
  // Every malformed input reaches its handler: the anonymous write budget is not what this test is about.
  server = await startTestServer({ anonymousWrites: { ...ANONYMOUS_WRITE_LIMIT, max: 1_000_000 } });
  if (server.db.dialect === 'postgres') await countRowChangesOnPostgres();
});
afterAll(async () => server.close());

/** PostgreSQL has no total_changes(): a row trigger on every table of this test's database counts instead. */
async function countRowChangesOnPostgres(): Promise<void> {
  const k = server.db.kysely;
  await sql`create table fuzz_changes (n bigint not null)`.execute(k);
  await sql`insert into fuzz_changes values (0)`.execute(k);
  await sql`create function fuzz_count() returns trigger language plpgsql as $$ begin update fuzz_changes set n = n + 1; return null; end $$`.execute(
    k,
  );
  const tables = await sql<{
    name: string;
  }>`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'fuzz_changes'`.execute(k);
  for (const { name } of tables.rows)
    await sql`create trigger fuzz_count after insert or update or delete on ${sql.table(name)} for each row execute function fuzz_count()`.execute(
      k,
    );
}

async function changes(): Promise<number> {
  const query =
    server.db.dialect === 'sqlite' ? sql<{ n: number }>`select total_changes() as n` : sql<{ n: number }>`select n from fuzz_changes`;
  return Number((await query.execute(server.db.kysely)).rows[0].n);
}

/** The anonymous write counter of the test's address (counting is the point of that write, like failed sign-ins). */
async function anonymousWrites(): Promise<string> {
  const row = await server.db.kysely
    .selectFrom('login_attempts')
    .select(['count', 'window_start'])
    .where('key', '=', anonymousWriteKey('127.0.0.1'))
    .executeTakeFirst();
  return JSON.stringify(row ?? null);
}

interface Identity {
  name: string;
  client: Client;
}

describe('fuzz: malformed input on every route', () => {
  it('never answers 5xx and never writes on a rejected request', async () => {
    const anon = await visitorAt(server.url);
    const customer = await signedInAs(server.url, 'casey');
    const admin = await signedInAs(server.url, 'admin');
    const identities: Identity[] = [
      { name: 'anonymous', client: anon },
      { name: 'customer', client: customer },
      { name: 'administrator', client: admin },
    ];
    const routes = server.app.routeList.filter((r) => !r.url.startsWith('/assets/'));
    const failures: string[] = [];
    let tried = 0;
    let seed = 1;
    for (const route of routes) {
      const generated = inputsFor(route, 8, seed++);
      const inputs: Array<{ path: string; body?: string; contentType?: string }> = [];
      for (const path of generated.paths) inputs.push({ path });
      generated.queries.forEach((qs, i) => inputs.push({ path: `${generated.paths[i % generated.paths.length]}?${qs}` }));
      generated.bodies.forEach((body, i) => inputs.push({ path: generated.paths[i % generated.paths.length], body }));
      if (route.method !== 'GET') {
        inputs.push({ path: generated.paths[0], body: 'plain text', contentType: 'text/plain' });
        inputs.push({ path: generated.paths[0], body: '--x\r\n', contentType: 'multipart/form-data' });
      }
      // Each input from one identity in turn (bounded time): every route still meets all three.
      for (const [index, input] of inputs.entries()) {
        const { name, client } = identities[index % identities.length];
        const before = await changes();
        // Only an anonymous write can move the counter: read it only then (the test is long on PostgreSQL).
        const watchCounter = name === 'anonymous' && route.method !== 'GET';
        const counterBefore = watchCounter ? await anonymousWrites() : '';
        const headers: Record<string, string> = {};
        if (input.body !== undefined) headers['content-type'] = input.contentType ?? 'application/json';
        const res = await client.raw(input.path, { method: route.method, headers, body: input.body });
        const text = await res.text();
        tried++;
        const label = `${name} ${route.method} ${input.path.slice(0, 120)} ${input.body ? input.body.slice(0, 80) : ''}`;
        if (res.status >= 500) failures.push(`${res.status} ${label} → ${text.slice(0, 200)}`);
        if (isApi(input.path) && res.status >= 400 && res.status < 500) {
          try {
            const body = JSON.parse(text) as { code?: unknown; message?: unknown; data?: { status?: unknown } };
            if (typeof body.code !== 'string' || typeof body.message !== 'string' || body.data?.status !== res.status)
              failures.push(`bad error shape ${label}: ${text.slice(0, 120)}`);
          } catch {
            failures.push(`non-JSON ${res.status} ${label}`);
          }
        }
        // Failed sign-ins are counted (rate limiting): that write is the point of the rejection.
        const countsFailures = route.url === '/api/shop/v1/session' && (res.status === 401 || res.status === 429);
        const counted = watchCounter && (await anonymousWrites()) !== counterBefore ? 1 : 0;
        if (res.status >= 400 && !countsFailures && (await changes()) - before > counted)
          failures.push(`rejected request wrote to the database: ${res.status} ${label}`);
      }
    }
    console.log(`fuzz: ${tried} generated inputs over ${routes.length} routes, ${identities.length} identities in turn`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(tried).toBeGreaterThan(500);
  }, 900_000); // 6000+ inputs, each on three identities: about 2 minutes idle on PostgreSQL, over 5 beside a busy machine
});
