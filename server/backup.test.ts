import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteOptions } from './db/connection';
import { type Client, signedInAs, spawnServerProcess, startTestServer, type ServerProcess, type TestServer } from './testing/harness';
import { cliArgs } from './testing/cli';
import { openSlot } from './testing/pickup';

// `npm run backup` under write load and `npm run restore`: every order acknowledged before the backup started is in
// the restored database; a restore over a running server, or from a truncated or corrupt backup, is refused with a
// message and leaves the current database as it was. SQLite only (PostgreSQL: pg_dump, docs/operations.md).

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

function run(command: 'backup' | 'restore', args: string[], database: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, SQLITE_PATH: database, TSX_TSCONFIG_PATH: 'tsconfig.base.json' };
  delete env.DATABASE_URL;
  delete env.UPLOADS_DIR;
  return { cmd: process.execPath, args: [...cliArgs('backup'), command, ...args], env };
}

function runSync(command: 'backup' | 'restore', args: string[], database: string) {
  const { cmd, args: a, env } = run(command, args, database);
  const r = spawnSync(cmd, a, { env, encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

const fileState = (path: string) => {
  const s = statSync(path);
  return `${s.ino}:${s.size}:${s.mtimeMs}`;
};

describe.skipIf(onPostgres)('backup and restore', () => {
  let template: TestServer;
  let database: string;
  let server: ServerProcess | undefined;
  const backupDir = () => join(dirname(database), 'backup-under-load');

  beforeAll(async () => {
    template = await startTestServer();
    database = template.database.sqlitePath!;
    await template.app.close(); // the in-process server lets go; a real server process takes its place
    const uploads = join(dirname(database), 'uploads', 'media');
    mkdirSync(uploads, { recursive: true });
    writeFileSync(join(uploads, 'logo.txt'), 'the shop logo');
    server = await spawnServerProcess({ sqlitePath: database });
  });
  afterAll(async () => {
    await server?.close();
    await template.db.close().catch(() => undefined);
  });

  it('backs up under write load; the restore holds every order acknowledged before the backup started', async () => {
    const shoppers: Client[] = [await signedInAs(server!.url, 'casey'), await signedInAs(server!.url, 'jordan')];
    const acknowledged: Array<{ id: number; at: number }> = [];
    let stop = false;
    const full = new Set<number>();
    let day = 1;
    const shop = async (c: Client) => {
      while (!stop) {
        await c.json('/api/shop/v1/cart/items?store_id=1001', { method: 'POST', body: { items: [{ product_id: 5000, quantity: 1 }] } });
        const slot = await openSlot(c, 1001, undefined, day).catch(() => null);
        if (slot === null) throw new Error('no pickup window left in two weeks');
        const r = await c.json<{ id: number; message?: string }>('/api/shop/v1/orders', {
          method: 'POST',
          headers: { 'idempotency-key': randomUUID() },
          body: { store_id: 1001, slot_id: slot },
        });
        if (r.status === 201) acknowledged.push({ id: r.body.id, at: Date.now() });
        // A window fills up: move on to the next day's (the listing counts the shopper's own hold as free).
        else if (/full/.test(r.body.message ?? '') && !full.has(slot)) {
          full.add(slot);
          day = Math.min(14, day + 1);
        } else if (r.status !== 400) throw new Error(`order answered ${r.status}`);
      }
    };
    const load = Promise.all(shoppers.map(shop));
    await expect.poll(() => acknowledged.length).toBeGreaterThanOrEqual(10);

    const { cmd, args, env } = run('backup', ['--out', backupDir()], database);
    const startedAt = Date.now();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    child.stdout.on('data', (c: Buffer) => (said += c));
    child.stderr.on('data', (c: Buffer) => (said += c));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    const during = acknowledged.filter((o) => o.at > startedAt).length;
    stop = true;
    await load;
    expect(code, said).toBe(0);
    expect(said).toMatch(/Backed up .* and 1 upload/);
    expect(during, 'orders kept coming while the backup ran').toBeGreaterThan(0);
    const before = acknowledged.filter((o) => o.at < startedAt).map((o) => o.id);

    // Restoring over the running server is refused, and nothing moves.
    const state = fileState(database);
    const refused = runSync('restore', [backupDir()], database);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/A server is running on .* Stop it first/);
    expect(fileState(database)).toBe(state);
    expect(readdirSync(dirname(database)).some((n) => n.startsWith('before-restore-'))).toBe(false);

    await server!.close();
    server = undefined;
    // What the shop did after the backup is lost by the restore, by design; what came before must all be there.
    // An upload made after the backup: the restored uploads are the backup's.
    writeFileSync(join(dirname(database), 'uploads', 'media', 'after.txt'), 'made after the backup');
    const restored = runSync('restore', [backupDir()], database);
    expect(restored.code, restored.out).toBe(0);
    const db = new Database(database, { ...sqliteOptions(), readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set((db.prepare('SELECT id FROM orders').all() as Array<{ id: number }>).map((r) => r.id));
      expect(
        before.filter((id) => !ids.has(id)),
        'acknowledged orders missing after the restore',
      ).toEqual([]);
      expect(before.length).toBeGreaterThanOrEqual(10);
      // The figures docs/operations.md quotes.
      console.log(
        `backup under load: ${before.length} orders acknowledged before it started, ${during} while it ran; ${before.filter((id) => ids.has(id)).length} of the ${before.length} in the restored database`,
      );
    } finally {
      db.close();
    }
    expect(readFileSync(join(dirname(database), 'uploads', 'media', 'logo.txt'), 'utf8')).toBe('the shop logo');
    expect(existsSync(join(dirname(database), 'uploads', 'media', 'after.txt'))).toBe(false);
    // The state before the restore is kept aside, not deleted.
    expect(readdirSync(dirname(database)).some((n) => n.startsWith('before-restore-'))).toBe(true);
  }, 240_000); // three script runs through tsx: slow to start on a loaded machine

  it('refuses a truncated backup and leaves the current database untouched', () => {
    const copy = `${backupDir()}-truncated`;
    cpSync(backupDir(), copy, { recursive: true });
    truncateSync(join(copy, 'site.db'), Math.floor(statSync(join(copy, 'site.db')).size / 2));
    const state = fileState(database);
    const r = runSync('restore', [copy], database);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/truncated or damaged/);
    expect(r.out).toContain('Nothing was changed.');
    expect(fileState(database)).toBe(state);
  }, 120_000);

  it('refuses a corrupt backup, even one whose manifest was rewritten to match, and leaves the database untouched', () => {
    const copy = `${backupDir()}-corrupt`;
    cpSync(backupDir(), copy, { recursive: true });
    const file = join(copy, 'site.db');
    const fd = openSync(file, 'r+');
    // Pages 2 to 4 overwritten: b-tree pages of the schema's first tables.
    writeSync(fd, Buffer.alloc(3 * 4096, 0xa5), 0, 3 * 4096, 4096);
    closeSync(fd);
    const state = fileState(database);
    const checksum = runSync('restore', [copy], database);
    expect(checksum.code).toBe(1);
    expect(checksum.out).toMatch(/does not match its checksum/);

    const manifestPath = join(copy, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    manifest.database.sha256 = sha256(file);
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const integrity = runSync('restore', [copy], database);
    expect(integrity.code).toBe(1);
    expect(integrity.out).toMatch(/database is damaged/);
    expect(fileState(database)).toBe(state);

    const none = runSync('restore', [join(copy, 'no-such-backup')], database);
    expect(none.code).toBe(1);
    expect(none.out).toMatch(/no manifest\.json/);
    expect(existsSync(database)).toBe(true);
  }, 180_000);
});

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
