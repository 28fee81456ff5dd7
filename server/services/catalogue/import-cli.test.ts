import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { useTestServer } from '../../testing/harness';
import { cliArgs } from '../../testing/cli';

// The import command line (docs/imports.md, "Command line") with its output piped to a reader that stops early,
// as `npm run import -- … 2>&1 | head` does: the import still runs to its end and its exit code.

const server = useTestServer();
const dir = mkdtempSync(join(tmpdir(), 'import-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('runs to its end and exit code when its reader closes the pipe early (| head)', async () => {
  const upcs = Array.from({ length: 400 }, (_, i) => String(663000000000 + i * 3));
  // Every other row is rejected (no department "nowhere"): 200 lines on standard error, the summary on standard output.
  const csv = ['upc,name,department,price', ...upcs.map((u, i) => `${u},Piped Rye ${i},${i % 2 ? 'nowhere' : 'bakery'},3.10`)].join('\n');
  const file = join(dir, 'products.csv');
  writeFileSync(file, csv);
  const env = {
    ...process.env,
    ...(server.database.databaseUrl
      ? { DATABASE_URL: server.database.databaseUrl }
      : { SQLITE_PATH: server.database.sqlitePath, DATABASE_URL: '' }),
    TSX_TSCONFIG_PATH: 'tsconfig.base.json',
  };
  const cli = spawn(process.execPath, [...cliArgs('import'), 'products', file, '--skip-invalid'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The reader takes the first line it sees and goes away, closing both pipes.
  let seen = '';
  await new Promise<void>((resolve) => {
    const stop = (d: Buffer) => {
      seen += d.toString();
      cli.stdout.destroy();
      cli.stderr.destroy();
      resolve();
    };
    cli.stdout.once('data', stop);
    cli.stderr.once('data', stop);
  });
  const code = await new Promise<number | null>((resolve) =>
    cli.exitCode !== null ? resolve(cli.exitCode) : cli.on('exit', (c) => resolve(c)),
  );
  expect(seen).toMatch(/line \d+, column department/);
  expect(code).toBe(0);
  const applied = await server.db.kysely.selectFrom('products').select('upc').where('upc', 'in', upcs).execute();
  expect(applied).toHaveLength(200);
});

it('refuses a bad setting in its environment with a message and exit code 2, not a stack trace', () => {
  const file = join(dir, 'one.csv');
  writeFileSync(file, 'upc,name,department,price\n663999000001,Nice Rye,bakery,3.10\n');
  // It ended with Node's stack trace and exit code 1, the code for rejected rows.
  const run = spawnSync(process.execPath, [...cliArgs('import'), 'products', file], {
    env: {
      ...process.env,
      SQLITE_PATH: server.database.sqlitePath ?? '',
      DATABASE_URL: server.database.databaseUrl ?? '',
      IMPORT_NICE: 'ten',
    },
    encoding: 'utf8',
  });
  expect(run.stderr).toContain('IMPORT_NICE must be a whole number from 0 to 19, got "ten"');
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.status).toBe(2);
});
