// Compiles the server once for production (`npm start`): one ES module, dist/server/main.mjs, with the packages
// of node_modules left as imports; and the feed import's worker thread, dist/server/import-worker.mjs. No TypeScript compiler runs in production.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const migrationsDir = resolve('server/db/migrations');

/** The migrations folder as static imports (the source reads the folder at run time). */
const staticMigrations = {
  name: 'static-migrations',
  setup(b) {
    b.onLoad({ filter: /server[\\/]db[\\/]migration-files\.ts$/ }, () => {
      const files = readdirSync(migrationsDir)
        .filter((f) => /^\d+_.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
        .sort();
      const imports = files.map((f, i) => `import * as m${i} from ${JSON.stringify(join(migrationsDir, f))};`).join('\n');
      const entries = files.map((f, i) => `${JSON.stringify(f.replace(/\.ts$/, ''))}: m${i}`).join(',\n  ');
      return {
        contents: `${imports}\nexport async function loadMigrations() {\n  return {\n  ${entries}\n  };\n}\n`,
        loader: 'js',
        resolveDir: migrationsDir,
      };
    });
  },
};

// The command lines (backup and restore, the feed import, the accounts) compiled beside it, for the tests that run
// them as a process (server/testing/cli.ts): through tsx each run cost about 0.9 CPU-s, compiled about 0.1
// (docs/testing.md). `npm run backup` and the others still run the sources through tsx.
await build({
  entryPoints: {
    main: 'server/main.ts',
    'cli-backup': 'scripts/backup.ts',
    'cli-import': 'scripts/import.ts',
    'cli-accounts': 'scripts/accounts.ts',
  },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [staticMigrations],
});

// The worker a server applies an uploaded feed on (server/services/catalogue/import-thread.ts), started anew for each
// import: its pure-JS packages (kysely, zod, csv-parse) bundled in, as loading kysely's many modules cost more CPU
// than the import of a small file. The database drivers stay packages (native code, optional requires).
await build({
  entryPoints: ['server/services/catalogue/import-worker.ts'],
  outfile: 'dist/server/import-worker.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3', 'pg', 'pg-native'],
  // Bundled CommonJS packages call require(): the module gets one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: 'warning',
});
