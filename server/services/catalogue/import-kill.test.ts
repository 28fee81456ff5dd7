import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { IMPORTS_API } from '../../../core/api/admin';
import type { ImportDetail } from '../../../core/wire/imports';
import { type Client, signedInAs, spawnServerProcess, useTestServer } from '../../testing/harness';

// A server killed (SIGKILL) in the middle of applying a feed, with its switch-in transaction open: the catalogue
// is exactly as before, and the next import takes the dead process's lock over and marks its import interrupted.

const server = useTestServer();
// Each test starts a second server process: on a loaded machine that alone can take most of a minute.
const dir = mkdtempSync(join(tmpdir(), 'import-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function finished(c: Client, base: string, id: number): Promise<ImportDetail> {
  for (let i = 0; i < 2400; i++) {
    const r = await c.get<ImportDetail>(`${IMPORTS_API}/${id}`);
    // Ended, and its lock released: what it does after its result is written (dropping the old shelf) is done too.
    if (r.body.status !== 'running' && (await c.get<{ running: number | null }>(IMPORTS_API)).body.running === null) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} at ${base} did not finish`);
}

const upload = async (c: Client, kind: string, csv: string, query: string) => {
  const res = await c.raw(`${IMPORTS_API}?kind=${kind}${query}`, { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
  expect(res.status).toBe(202);
  return (await res.json()) as ImportDetail;
};

const snapshot = async () => {
  const db = server.db.kysely;
  return {
    products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
    shelves: await db.selectFrom('store_products').selectAll().orderBy('store_id').orderBy('product_id').execute(),
    attributes: await db.selectFrom('product_attributes').selectAll().orderBy('product_id').orderBy('attribute').execute(),
    audit: await db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
  };
};

it('leaves the catalogue exactly as before when the server is killed mid-apply', async () => {
  const admin = await signedInAs(server.url, 'admin');
  const upcs = Array.from({ length: 300 }, (_, i) => String(770000000000 + i));
  const products = [
    'upc,name,department,price,attributes',
    ...upcs.map((u, i) => `${u},Cracker ${i},bakery,${(1 + i / 100).toFixed(2)},organic`),
  ].join('\n');
  const first = await finished(admin, server.url, (await upload(admin, 'products', products, '&mode=apply')).id);
  expect(first.status).toBe('applied');
  const before = await snapshot();

  const hold = join(dir, 'switching');
  process.env.IMPORT_TEST_HOLD_AT_SWITCH = hold;
  const child = await spawnServerProcess(server.database).finally(() => delete process.env.IMPORT_TEST_HOLD_AT_SWITCH);
  try {
    const peerAdmin = await signedInAs(child.url, 'admin');
    // New products, changed prices and attributes, and a complete feed that turns the others off.
    const changed = [
      'upc,name,department,price,attributes',
      ...upcs.slice(0, 200).map((u, i) => `${u},Cracker ${i},bakery,9.99,vegan`),
      '779999999999,New Crisps,bakery,2.00,',
    ].join('\n');
    const started = await upload(peerAdmin, 'products', changed, '&mode=apply&complete=1');
    for (let i = 0; !existsSync(hold); i++) {
      if (i > 6000) throw new Error('the import never reached its switch-in');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.child.kill('SIGKILL');
    await new Promise((resolve) =>
      child.child.exitCode !== null || child.child.signalCode !== null ? resolve(null) : child.child.once('exit', resolve),
    );

    expect(await snapshot()).toEqual(before);

    // The next import is not blocked by the dead process's lock, and the killed one is marked interrupted.
    const again = await finished(admin, server.url, (await upload(admin, 'products', changed, '&mode=apply&complete=1')).id);
    expect(again.status).toBe('applied');
    const killed = await admin.get<ImportDetail>(`${IMPORTS_API}/${started.id}`);
    expect(killed.body.status).toBe('interrupted');
    expect(again.counts).toMatchObject({ new: 1, changed: 200 });
  } finally {
    await child.close();
  }
}, 180_000);

it('leaves the shelf exactly as before when killed while switching a large price file in, and the next import cleans up', async () => {
  const admin = await signedInAs(server.url, 'admin');
  const upcs = Array.from({ length: 120 }, (_, i) => String(771000000000 + i));
  const products = ['upc,name,department,price', ...upcs.map((u, i) => `${u},Rusk ${i},bakery,1.50`)].join('\n');
  expect((await finished(admin, server.url, (await upload(admin, 'products', products, '&mode=apply')).id)).status).toBe('applied');
  const stores = (
    await server.db.kysely.selectFrom('stores').select('id').where('kind', '=', 'shopping').orderBy('id').limit(3).execute()
  ).map((s) => s.id);
  const prices = (cents: string) => ['store_id,upc,price', ...stores.flatMap((s) => upcs.map((u) => `${s},${u},${cents}`))].join('\n');
  expect((await finished(admin, server.url, (await upload(admin, 'store-prices', prices('2.10'), '&mode=apply')).id)).status).toBe(
    'applied',
  );
  const before = await snapshot();

  // A difference this size is built beside the shelf and swapped in (import-swap.ts, import-swap-pg.ts).
  const hold = join(dir, 'swapping');
  process.env.IMPORT_TEST_HOLD_AT_SWITCH = hold;
  process.env.IMPORT_SWAP_ABOVE = '10';
  const child = await spawnServerProcess(server.database).finally(() => {
    delete process.env.IMPORT_TEST_HOLD_AT_SWITCH;
  });
  try {
    const peerAdmin = await signedInAs(child.url, 'admin');
    const started = await upload(peerAdmin, 'store-prices', prices('2.45'), '&mode=apply&complete=1');
    for (let i = 0; !existsSync(hold); i++) {
      if (i > 6000) throw new Error('the import never reached its switch-in');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.child.kill('SIGKILL');
    await new Promise((resolve) =>
      child.child.exitCode !== null || child.child.signalCode !== null ? resolve(null) : child.child.once('exit', resolve),
    );
    expect(await snapshot()).toEqual(before);

    const again = await finished(admin, server.url, (await upload(admin, 'store-prices', prices('2.45'), '&mode=apply&complete=1')).id);
    expect(again.status).toBe('applied');
    expect(again.counts).toMatchObject({ changed: stores.length * upcs.length });
    expect((await admin.get<ImportDetail>(`${IMPORTS_API}/${started.id}`)).body.status).toBe('interrupted');
    // Nothing is left beside the shelf: the next import dropped what the killed one built.
    const side =
      server.db.dialect === 'sqlite'
        ? await sql<{
            name: string;
          }>`SELECT name FROM sqlite_master WHERE name LIKE 'store_products_%' AND type IN ('table', 'trigger')`.execute(server.db.kysely)
        : await sql<{
            name: string;
          }>`SELECT relname AS name FROM pg_class WHERE relname LIKE 'store_products_%' AND relkind = 'r' UNION ALL SELECT tgname FROM pg_trigger WHERE tgname LIKE 'store_products_touched%'`.execute(
            server.db.kysely,
          );
    expect(side.rows).toEqual([]);
  } finally {
    delete process.env.IMPORT_SWAP_ABOVE;
    await child.close();
  }
}, 180_000);
