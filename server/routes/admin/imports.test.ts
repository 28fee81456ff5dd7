import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { IMPORTS_API } from '../../../core/api/admin';
import type { ImportDetail } from '../../../core/wire/imports';
import { acquireImportLock } from '../../services/catalogue/import-lock';
import { importHooks } from '../../services/catalogue/import';
import { importRouteHooks } from './imports';
import { Client, signedInAs, useTestServer } from '../../testing/harness';
import { cliArgs } from '../../testing/cli';
import { readPageCacheVersion } from '../../db/page-cache-version';

// Feed imports through the API, on SQLite and PostgreSQL: bad files answered 400/413 naming the field and
// writing nothing, dry runs that list each rejected row, all-or-nothing applies, idempotency, the one lock,
// the one audit entry and the one page-cache bump per applied import.

const MAX = 64 * 1024;
const server = useTestServer({ importMaxBytes: MAX });
type Json = { code: string; message: string; data: { status: number; params?: Record<string, string> } };

const dir = mkdtempSync(join(tmpdir(), 'imports-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  importHooks.beforeCommit = null;
  importRouteHooks.beforeLock = null;
});

let upcSeq = 0;
/** Fresh UPCs per test, so tests do not see each other's products. */
const upcs = (n: number) => Array.from({ length: n }, () => String(880000000000 + ++upcSeq * 7));

async function upload(
  c: Client,
  kind: string,
  body: string | Buffer,
  query = '',
  type = 'text/csv',
): Promise<{ status: number; body: ImportDetail & Json }> {
  const res = await c.raw(`${IMPORTS_API}?kind=${kind}${query}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': type, accept: 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as ImportDetail & Json };
}

async function finished(c: Client, id: number): Promise<ImportDetail> {
  for (let i = 0; i < 2400; i++) {
    const r = await c.get<ImportDetail>(`${IMPORTS_API}/${id}`);
    // Ended, and its lock released (just after its result is written), so the next apply is not refused.
    if (r.body.status !== 'running' && (await c.get<{ running: number | null }>(IMPORTS_API)).body.running === null) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not finish`);
}

async function run(c: Client, kind: string, body: string, query = ''): Promise<ImportDetail> {
  const r = await upload(c, kind, body, query);
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  return finished(c, r.body.id);
}

const productsCsv = (rows: string[][]) => ['upc,name,department,price,brand,attributes', ...rows.map((r) => r.join(','))].join('\n');
const db = () => server.db.kysely;
const snapshot = async () => ({
  products: await db().selectFrom('products').selectAll().orderBy('id').execute(),
  shelves: await db().selectFrom('store_products').selectAll().orderBy('store_id').orderBy('product_id').execute(),
  attributes: await db().selectFrom('product_attributes').selectAll().orderBy('product_id').orderBy('attribute').execute(),
  imports: Number(
    (
      await db()
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('entity', '=', 'import')
        .executeTakeFirstOrThrow()
    ).n,
  ),
});
const pageCacheVersion = async () => Number(await readPageCacheVersion(db()));

describe('who may import', () => {
  it('answers 401 to anonymous visitors and 403 to customers and editors, on every import route', async () => {
    const anonymous = new Client(server.url);
    await anonymous.page('/');
    const routes: Array<[string, string]> = [
      ['GET', IMPORTS_API],
      ['GET', `${IMPORTS_API}/1`],
      ['POST', `${IMPORTS_API}?kind=products`],
      ['POST', `${IMPORTS_API}/1/apply`],
    ];
    for (const [who, status] of [
      [anonymous, 401],
      [await signedInAs(server.url, 'casey'), 403],
      [await signedInAs(server.url, 'editor'), 403],
    ] as const)
      for (const [method, path] of routes) {
        const r = await who.raw(path, {
          method,
          body: method === 'POST' ? 'upc\n' : undefined,
          headers: { 'x-wp-nonce': who.nonce, 'content-type': 'text/csv' },
        });
        expect(r.status, `${method} ${path}`).toBe(status);
      }
  });
});

describe('bad files are refused, naming the field, and write nothing', () => {
  it.each([
    ['a CSV without a required column', 'store-prices', 'store_id,upc\n1001,012345678905\n', 'import_missing_column', 'price'],
    ['an empty (0-byte) file', 'products', '', 'import_empty', 'file'],
    ['a CSV with a column the kind does not have', 'products', 'upc,name,department,price,prcie\n', 'import_unknown_column', 'prcie'],
    ['a JSON array instead of JSON Lines', 'products', '[{"upc":"1"}]', 'import_not_csv_or_json', 'file'],
  ])('%s', async (_what, kind, body, code, field) => {
    const admin = await signedInAs(server.url, 'admin');
    const before = await snapshot();
    const r = await upload(admin, kind, body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
    expect(r.body.data.params?.[field]).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file that is neither CSV nor JSON (an image) with 400', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.alloc(200, 1)]);
    const r = await upload(admin, 'products', png, '', 'image/png');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('import_not_csv_or_json');
    expect(r.body.data.params?.file).toMatch(/not CSV or JSON/);
  });

  it('refuses an upload over IMPORT_MAX_BYTES with 413 before reading its body', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const { port } = new URL(server.url);
    // Declares 10 MB and sends 10 bytes: a server that read the body would still be waiting.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${IMPORTS_API}?kind=products`,
          headers: {
            'content-type': 'text/csv',
            'content-length': String(10 * 1024 * 1024),
            cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            'x-wp-nonce': admin.nonce,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      req.write('upc,name,d');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe('rest_too_large');

    // Without a Content-Length (chunked), the stream is counted and cut at the limit.
    const big = productsCsv(upcs(1).map((u) => [u, 'x'.repeat(MAX), 'bakery', '1.00', '', '']));
    const res = await admin.raw(`${IMPORTS_API}?kind=products`, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      headers: { 'content-type': 'text/csv' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('keeps a =HYPERLINK(…) cell as plain text', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const [upc] = upcs(1);
    const name = '=HYPERLINK("http://evil.test","Click")';
    const out = await run(admin, 'products', productsCsv([[upc, `"${name.replaceAll('"', '""')}"`, 'bakery', '2.49', '@brand', '']]));
    expect(out.status).toBe('dry-run');
    const applied = await run(
      admin,
      'products',
      productsCsv([[upc, `"${name.replaceAll('"', '""')}"`, 'bakery', '2.49', '@brand', '']]),
      '&mode=apply',
    );
    expect(applied.status).toBe('applied');
    const row = await db().selectFrom('products').select(['name', 'brand']).where('upc', '=', upc).executeTakeFirstOrThrow();
    expect(row).toEqual({ name, brand: '@brand' });
  });
});

describe('dry run, apply, idempotency', () => {
  it('lists every rejected row with line, column and message, applies nothing until they are fixed or skipped', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const ids = upcs(6);
    const rows = [
      [ids[0], 'Sourdough Loaf', 'bakery', '4.99', 'Harvest Lane', 'vegan'],
      [ids[1], 'Rye Bread', 'bakery', '-1', '', ''], // line 3
      [ids[2], 'Bagels', 'no-such-dept', '3.49', '', ''], // line 4
      [ids[3], 'Baguette', 'bakery', '2.99', '', 'sugar_free'], // line 5
      [ids[4], 'Brioche', 'bakery', '5.49', '', ''],
      [ids[4], 'Brioche again', 'bakery', '5.49', '', ''], // line 7
    ];
    const before = await snapshot();
    const dry = await run(admin, 'products', productsCsv(rows));
    expect(dry.status).toBe('dry-run');
    expect(dry.rejected).toEqual([
      { line: 3, column: 'price', message: 'must not be negative' },
      { line: 4, column: 'department', message: 'no department has the slug "no-such-dept"' },
      { line: 5, column: 'attributes', message: expect.stringContaining('must be among') },
      { line: 7, column: 'upc', message: 'repeats the row of line 6' },
    ]);
    expect(dry.counts).toMatchObject({ rows: 6, rejected: 4, new: 2, changed: 0 });
    expect(dry.can_apply).toBe(true);

    const refused = await finished(admin, (await admin.json<ImportDetail>(`${IMPORTS_API}/${dry.id}/apply`, { method: 'POST' })).body.id);
    expect(refused.status).toBe('rejected');
    expect(await snapshot()).toEqual(before);

    const skipped = await finished(
      admin,
      (await admin.json<ImportDetail>(`${IMPORTS_API}/${dry.id}/apply?skip_invalid=1`, { method: 'POST' })).body.id,
    );
    expect(skipped.status).toBe('applied');
    expect(skipped.counts).toMatchObject({ new: 2, rejected: 4 });
    const made = await db()
      .selectFrom('products')
      .select(['upc', 'name', 'price_cents', 'attributes'])
      .where('upc', 'in', ids)
      .orderBy('upc')
      .execute();
    expect(made).toEqual([
      { upc: ids[0], name: 'Sourdough Loaf', price_cents: 499, attributes: '["vegan"]' },
      { upc: ids[4], name: 'Brioche', price_cents: 549, attributes: '[]' },
    ]);
    const sourdough = await db().selectFrom('products').select('id').where('upc', '=', ids[0]).executeTakeFirstOrThrow();
    expect(await db().selectFrom('product_attributes').select('attribute').where('product_id', '=', sourdough.id).execute()).toEqual([
      { attribute: 'vegan' },
    ]);
  });

  it('applies a file once: the same file again changes nothing, writes no update time and does not bump the page cache', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const ids = upcs(3);
    const csv = productsCsv(ids.map((u, i) => [u, `Muffin ${i}`, 'bakery', `${i + 1}.25`, 'Oven Co', 'organic']));
    const v0 = await pageCacheVersion();
    const first = await run(admin, 'products', csv, '&mode=apply');
    expect(first.status).toBe('applied');
    expect(first.counts).toMatchObject({ new: 3, changed: 0, unchanged: 0 });
    expect(await pageCacheVersion()).toBe(v0 + 1);
    const after1 = await snapshot();

    const second = await run(admin, 'products', csv, '&mode=apply');
    expect(second.status).toBe('applied');
    expect(second.counts).toMatchObject({ new: 0, changed: 0, unchanged: 3 });
    expect(await pageCacheVersion()).toBe(v0 + 1);
    expect({ ...(await snapshot()), imports: 0 }).toEqual({ ...after1, imports: 0 });

    // One price changes: one row's updated_at moves, the page cache moves once.
    const changed = productsCsv(ids.map((u, i) => [u, `Muffin ${i}`, 'bakery', i === 1 ? '9.99' : `${i + 1}.25`, 'Oven Co', 'organic']));
    const third = await run(admin, 'products', changed, '&mode=apply');
    expect(third.counts).toMatchObject({ new: 0, changed: 1, unchanged: 2 });
    expect(third.sample.changed).toEqual([{ label: ids[1], changes: { price_cents: [225, 999] } }]);
    expect(await pageCacheVersion()).toBe(v0 + 2);
    const rows = await db().selectFrom('products').select(['upc', 'updated_at']).where('upc', 'in', ids).orderBy('upc').execute();
    const before = new Map(after1.products.map((p) => [p.upc, Number(p.updated_at)]));
    for (const r of rows) expect(Number(r.updated_at) !== before.get(r.upc)).toBe(r.upc === ids[1]);

    // Each applied import is one audit entry with its counts and difference.
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'import')
      .where('entity_id', '=', String(third.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'import', user_name: expect.stringContaining('Admin') });
    expect(JSON.parse(audit[0].after!)).toMatchObject({
      kind: 'products',
      counts: { changed: 1 },
      difference: { changed: [{ label: ids[1] }] },
    });
  });

  it('prices per store, with a complete feed removing the shelves it leaves out, and a sale a shopper sees at once', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const ids = upcs(2);
    await run(admin, 'products', productsCsv(ids.map((u) => [u, 'Scone', 'bakery', '3.00', '', ''])), '&mode=apply');
    const prices = (rows: string[]) => ['store_id,upc,price,member_price,sale_price,sale_start,sale_end', ...rows].join('\n');
    const first = await run(
      admin,
      'store-prices',
      prices([`1001,${ids[0]},3.49,3.19,,,`, `1001,${ids[1]},2.99,,,,`, `1002,${ids[0]},3.59,,,,`]),
      '&mode=apply',
    );
    expect(first.counts).toMatchObject({ new: 3, rejected: 0 });
    const second = await run(
      admin,
      'store-prices',
      prices([`1001,${ids[0]},3.49,3.19,2.99,2000-01-01,2999-12-31`]),
      '&mode=apply&complete=1',
    );
    expect(second.counts).toMatchObject({ new: 0, changed: 1 });
    expect(second.counts.removed).toBeGreaterThanOrEqual(1); // ids[1] at 1001, and the seeded shelf of 1001
    const shelves = await db()
      .selectFrom('store_products')
      .selectAll()
      .where(
        'product_id',
        'in',
        (await db().selectFrom('products').select('id').where('upc', 'in', ids).execute()).map((p) => p.id),
      )
      .orderBy('store_id')
      .execute();
    expect(shelves.map((s) => [s.store_id, s.price_cents, s.sale_price_cents, s.member_price_cents])).toEqual([
      [1001, 349, 299, 319],
      [1002, 359, null, null],
    ]);
  });
});

describe('all or nothing, one import at a time', () => {
  it('a failure inside the switch-in changes nothing', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const before = await snapshot();
    importHooks.beforeCommit = async () => {
      throw new Error('the disk is full');
    };
    const out = await run(admin, 'products', productsCsv(upcs(50).map((u) => [u, 'Roll', 'bakery', '0.99', '', 'vegan'])), '&mode=apply');
    expect(out.status).toBe('failed');
    expect(out.error?.message).toMatch(/changed nothing: the disk is full/);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 (and the command line exits 3) while another import holds the lock; a dead holder is taken over', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const lock = await acquireImportLock(db());
    expect(lock).not.toBeNull();
    try {
      const r = await upload(admin, 'products', productsCsv(upcs(1).map((u) => [u, 'Pie', 'bakery', '9.00', '', ''])), '&mode=apply');
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('import_running');
      const file = join(dir, 'pie.csv');
      writeFileSync(file, productsCsv(upcs(1).map((u) => [u, 'Pie', 'bakery', '9.00', '', ''])));
      const env = {
        ...process.env,
        ...(server.database.databaseUrl
          ? { DATABASE_URL: server.database.databaseUrl }
          : { SQLITE_PATH: server.database.sqlitePath, DATABASE_URL: '' }),
      };
      const cli = spawn(process.execPath, [...cliArgs('import'), 'products', file], {
        env: { ...env, TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      cli.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => cli.on('exit', resolve));
      expect(code, stderr).toBe(3);
      expect(stderr).toMatch(/Another import is running/);
    } finally {
      await lock?.release();
    }

    // A lock whose process is gone (on this host) does not block imports.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    await db()
      .updateTable('import_lock')
      .set({ pid: Number(gone), host: hostname(), token: 'dead', import_id: null, heartbeat_at: Date.now() })
      .where('id', '=', 1)
      .execute();
    const out = await run(admin, 'products', productsCsv(upcs(1).map((u) => [u, 'Tart', 'bakery', '4.00', '', ''])), '&mode=apply');
    expect(out.status).toBe('applied');
    // A limit, not a wait: the command line compiles through tsx, which a loaded machine took over a minute to do.
  }, 240_000);
});

describe('one dry run, applied once', () => {
  it('a second apply of a dry run, checked before the first ended, answers 409 and applies nothing again', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const dry = await run(admin, 'products', productsCsv(upcs(3).map((u, i) => [u, `Twice Loaf ${i}`, 'bakery', '3.00', '', ''])));
    expect(dry.status).toBe('dry-run');
    // The first click is checked, then waits just before taking the lock; the second click's apply runs to its end.
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    importRouteHooks.beforeLock = async () => {
      importRouteHooks.beforeLock = null;
      entered();
      await gate;
    };
    const first = admin.json<ImportDetail & Json>(`${IMPORTS_API}/${dry.id}/apply`, { method: 'POST', body: {} });
    await inside;
    const second = await admin.json<ImportDetail>(`${IMPORTS_API}/${dry.id}/apply`, { method: 'POST', body: {} });
    expect(second.status).toBe(202);
    expect((await finished(admin, second.body.id)).status).toBe('applied');
    release();
    const late = await first;
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    const applies = await db()
      .selectFrom('imports')
      .select(['id', 'status'])
      .where(
        'file_key',
        '=',
        (await db().selectFrom('imports').select('file_key').where('id', '=', dry.id).executeTakeFirstOrThrow()).file_key,
      )
      .where('mode', '=', 'apply')
      .execute();
    expect(applies).toEqual([{ id: second.body.id, status: 'applied' }]);
  });
});

describe('an upload applies on a worker thread of its own', () => {
  it('a worker that runs out of its heap (IMPORT_WORKER_HEAP_MB) fails the import, changes nothing and frees the lock', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const before = await snapshot();
    const version = await pageCacheVersion();
    // Below MIN_WORKER_HEAP_MB (8): the server keeps that floor, where a worker starts and then runs out.
    process.env.IMPORT_WORKER_HEAP_MB = '2';
    let out: ImportDetail;
    try {
      out = await run(admin, 'products', productsCsv(upcs(20).map((u) => [u, 'Heap Roll', 'bakery', '0.99', '', ''])), '&mode=apply');
    } finally {
      delete process.env.IMPORT_WORKER_HEAP_MB;
    }
    expect(out.status).toBe('failed');
    expect(out.error?.message).toMatch(/changed nothing: it ran out of its 8 MB heap \(IMPORT_WORKER_HEAP_MB\)/);
    expect(await snapshot()).toEqual(before);
    expect(await pageCacheVersion()).toBe(version);
    // The server still answers, its lock is free, and the next upload applies on a worker with the usual heap.
    await expect.poll(async () => (await admin.get<{ running: number | null }>(IMPORTS_API)).body.running, { timeout: 10_000 }).toBeNull();
    const again = await run(admin, 'products', productsCsv(upcs(20).map((u) => [u, 'Heap Roll', 'bakery', '0.99', '', ''])), '&mode=apply');
    expect(again.status, JSON.stringify(again.error)).toBe('applied');
    expect(again.counts).toMatchObject({ new: 20 });
  });
});
