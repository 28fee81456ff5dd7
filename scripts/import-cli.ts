import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { IMPORT_KINDS, isImportKind } from '../core/catalogue/rows';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { acquireImportLock } from '../server/services/catalogue/import-lock';
import { createImportRow, runImport } from '../server/services/catalogue/import';
import { lowerThreadPriority } from '../server/services/catalogue/import-priority';

// `npm run import -- <kind> <file> [--dry-run] [--complete] [--skip-invalid]` (docs/imports.md): the feed import
// for scheduled jobs, on the database of DATABASE_URL or SQLITE_PATH, loaded by scripts/import.ts. The file is streamed, whatever its size.
// Exit codes: 0 applied (or a clean dry run), 1 rows rejected, 2 bad file or usage, 3 another import is running,
// 4 the import failed for another reason (the database refused it; nothing changed).

const USAGE = `Usage: npm run import -- <kind> <file> [--dry-run] [--complete] [--skip-invalid]
  kind: ${IMPORT_KINDS.join(' | ')}
  file: CSV with a header line, or JSON Lines (one object per line)
  --dry-run       show the difference and the rejected rows; change nothing
  --complete      the file lists every row of its kind: rows it leaves out are removed
  --skip-invalid  apply the valid rows even if some are rejected`;

// Output piped to a reader that stops early (`npm run import … | head`) must not end the import half way through:
// once the reader is gone, the rest of the output is dropped and the import runs to its end and exit code.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  });

/** CPU time (user + system) since `from`: on a shared machine, what the import itself cost (not the start-up). */
const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(from);
  return ((user + system) / 1e6).toFixed(1);
};

export async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean' },
        complete: { type: 'boolean' },
        'skip-invalid': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [kind, file, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!isImportKind(kind) || !file || extra.length) {
    console.error(
      !kind
        ? USAGE
        : !isImportKind(kind)
          ? `Unknown kind "${kind}".\n${USAGE}`
          : `${extra.length ? 'Too many arguments' : 'No file given'}.\n${USAGE}`,
    );
    return 2;
  }
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch {
    console.error(`Cannot read ${file}.`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    // A bad setting (IMPORT_NICE=ten) is usage, said in a line: not a stack trace and the rejected rows' code.
    console.error((error as Error).message);
    return 2;
  }
  // Beside a server on the same machine, the shoppers' requests come first (docs/imports.md, "Imports and shoppers").
  lowerThreadPriority(config.importNice);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrate(db);
    const mode = parsed.values['dry-run'] ? 'dry-run' : 'apply';
    const lock = mode === 'apply' ? await acquireImportLock(db.kysely) : undefined;
    if (lock === null) {
      console.error('Another import is running; try again when it has finished.');
      return 3;
    }
    try {
      const req = {
        kind,
        mode,
        complete: !!parsed.values.complete,
        skipInvalid: !!parsed.values['skip-invalid'],
        fileName: basename(file),
        bytesTotal: size,
        actor: { id: null, name: `command line (${userInfo().username})` },
        lock,
        open: () => createReadStream(file, { highWaterMark: 256 * 1024 }),
        onRejected: (r: { line: number; column: string; message: string }) =>
          console.error(`line ${r.line}${r.column ? `, column ${r.column}` : ''}: ${r.message}`),
      } as const;
      const id = await createImportRow(db.kysely, req);
      await lock?.attach(id);
      const cpuFrom = process.cpuUsage();
      const out = await runImport(db, req, id);
      const cpu = cpuSeconds(cpuFrom);
      const c = out.counts;
      const rate = out.ms > 0 ? Math.round((c.rows / out.ms) * 1000) : c.rows;
      console.log(
        `${kind} ${basename(file)}: ${out.status} — ${c.rows} rows read, ${c.new} new, ${c.changed} changed, ${c.unchanged} unchanged, ` +
          `${c.removed} ${req.complete ? 'removed' : 'would be removed if complete (--complete not given)'}, ${c.rejected} rejected ` +
          `(${(out.ms / 1000).toFixed(1)} s, ${rate} rows/s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB, CPU ${cpu} s, import #${id})`,
      );
      const phases = Object.entries(out.phases).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`);
      if (phases.length) console.log(`  phases: ${phases.join(', ')}`);
      const cpuPhases = Object.entries(out.phasesCpu ?? {}).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`);
      if (cpuPhases.length) console.log(`  CPU per phase: ${cpuPhases.join(', ')}`);
      if (out.status === 'failed') {
        console.error(out.error?.message ?? 'The import failed.');
        return out.error?.code === 'import_failed' ? 4 : 2;
      }
      return out.status === 'rejected' || c.rejected > 0 ? (out.status === 'applied' ? 0 : 1) : 0;
    } finally {
      await lock?.release();
    }
  } finally {
    await db.close();
  }
}
