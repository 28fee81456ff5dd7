import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../server/config';
import { sqliteOptions } from '../server/db/connection';
import { runningServers } from '../server/db/running';
import { defaultUploadsDir } from '../server/services/editor/storage';

// `npm run backup [-- --out <folder>]` and `npm run restore -- <folder>` (docs/operations.md, Backups).
// Backup: a consistent copy of the live SQLite database through SQLite's online backup API (better-sqlite3's
// .backup(), one step: one read snapshot, whatever the server writes meanwhile), checked (integrity_check), plus
// the uploads, with a manifest of sizes and SHA-256 sums. Restore: refuses while a server runs on the database and
// refuses a backup that does not check out (missing, truncated or corrupt files, a failed integrity check) before
// touching anything; then moves the current database and uploads aside (kept) and puts the backup in their place.

interface Manifest {
  format: 1;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string };
  uploads: Array<{ path: string; bytes: number; sha256: string }>;
}

class Refused extends Error {}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => statSync(join(dir, p)).isFile())
    .sort();
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

function settings() {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Refused(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and restore with pg_restore (docs/operations.md, Backups).',
    );
  return { database: resolve(config.sqlitePath), uploads: resolve(defaultUploadsDir(config)) };
}

async function backup(args: string[]): Promise<void> {
  const { database, uploads } = settings();
  if (!existsSync(database)) throw new Refused(`There is no database at ${database}.`);
  const outIndex = args.indexOf('--out');
  const out = resolve(outIndex >= 0 ? args[outIndex + 1] : join(dirname(database), 'backups', stamp()));
  if (existsSync(out) && readdirSync(out).length) throw new Refused(`${out} is not empty: choose a new folder.`);
  mkdirSync(out, { recursive: true });
  const file = 'site.db';
  const target = join(out, file);
  const source = new Database(database, { ...sqliteOptions(), readonly: true, fileMustExist: true });
  try {
    // Every page in one step: one read snapshot, which writers elsewhere cannot restart (a backup copied in
    // small steps starts over whenever another process writes, and under steady writes may never end).
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  // A single self-contained file (the copy keeps the live database's WAL mode, which would leave -wal and -shm
  // files beside it whenever it is opened).
  const copy = new Database(target, sqliteOptions());
  copy.pragma('journal_mode = DELETE');
  copy.close();
  checkDatabase(target);
  const uploaded = filesUnder(uploads);
  if (uploaded.length) cpSync(uploads, join(out, 'uploads'), { recursive: true });
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: { file, bytes: statSync(target).size, sha256: sha256(target) },
    uploads: uploaded.map((p) => ({ path: p, bytes: statSync(join(out, 'uploads', p)).size, sha256: sha256(join(out, 'uploads', p)) })),
  };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `Backed up ${database} (${(manifest.database.bytes / 1024 / 1024).toFixed(1)} MB) and ${uploaded.length} upload(s) to ${out}`,
  );
}

/** A database file SQLite reads whole and finds sound, with the migrations table the server needs. */
function checkDatabase(path: string): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { ...sqliteOptions(), readonly: true, fileMustExist: true });
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(String(result));
    db.prepare('SELECT COUNT(*) FROM kysely_migration').get();
  } catch (error) {
    throw new Refused(`The backup's database is damaged (${(error as Error).message}).`);
  } finally {
    db?.close();
  }
}

/** Everything the restore would put in place, checked against the manifest first. */
function verify(dir: string): Manifest {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) throw new Refused(`${dir} has no manifest.json: not a backup made by npm run backup.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    throw new Refused(`${manifestPath} is not readable JSON: the backup is damaged.`);
  }
  if (manifest.format !== 1 || !manifest.database?.file) throw new Refused(`${manifestPath} is not a backup manifest this version reads.`);
  const db = join(dir, basename(manifest.database.file));
  if (!existsSync(db)) throw new Refused(`The backup's database file ${db} is missing.`);
  const bytes = statSync(db).size;
  if (bytes !== manifest.database.bytes)
    throw new Refused(`The backup's database is ${bytes} bytes, the manifest says ${manifest.database.bytes}: it is truncated or damaged.`);
  if (sha256(db) !== manifest.database.sha256) throw new Refused("The backup's database does not match its checksum: it is damaged.");
  checkDatabase(db);
  for (const f of manifest.uploads) {
    const path = join(dir, 'uploads', f.path);
    if (relative(join(dir, 'uploads'), path).startsWith('..'))
      throw new Refused(`The manifest names a file outside the backup: ${f.path}.`);
    if (!existsSync(path) || statSync(path).size !== f.bytes || sha256(path) !== f.sha256)
      throw new Refused(`The backup's upload ${f.path} is missing or damaged.`);
  }
  return manifest;
}

function restore(args: string[]): void {
  const from = args.find((a) => !a.startsWith('--'));
  if (!from) throw new Refused('Name the backup folder: npm run restore -- <folder>.');
  const dir = resolve(from);
  const { database, uploads } = settings();
  const running = runningServers(database);
  if (running.length)
    throw new Refused(`A server is running on ${database} (process ${running.join(', ')}). Stop it first: restore replaces the database.`);
  const manifest = verify(dir);

  // The current state is moved aside, not deleted: a restore can be undone by hand.
  const aside = join(dirname(database), `before-restore-${stamp()}`);
  mkdirSync(aside, { recursive: true });
  // Copied next to its final place first, so the swap below is a rename on one file system.
  const incoming = `${database}.restoring`;
  cpSync(join(dir, basename(manifest.database.file)), incoming);
  // The WAL and shared-memory files belong to the current database: left beside the new one, SQLite would apply
  // the old WAL to it.
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(database + suffix)) renameSync(database + suffix, join(aside, basename(database) + suffix));
  renameSync(incoming, database);
  if (existsSync(uploads)) renameSync(uploads, join(aside, 'uploads'));
  if (manifest.uploads.length) cpSync(join(dir, 'uploads'), uploads, { recursive: true });
  console.log(`Restored ${database} and ${manifest.uploads.length} upload(s) from ${dir} (made ${manifest.createdAt}).`);
  console.log(`The previous database and uploads are in ${aside}.`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'backup') await backup(rest);
  else if (command === 'restore') restore(rest);
  else throw new Refused('Usage: backup.ts backup [--out <folder>] | restore <folder>');
} catch (error) {
  if (!(error instanceof Refused)) throw error;
  console.error(`Refused: ${error.message}`);
  console.error('Nothing was changed.');
  process.exit(1);
}
