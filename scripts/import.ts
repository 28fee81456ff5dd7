import { lowerThreadPriority, parseImportNice } from '../server/services/catalogue/import-priority';

// `npm run import -- <kind> <file> [--dry-run] [--complete] [--skip-invalid]` (docs/imports.md; the command itself is
// scripts/import-cli.ts). The whole command runs at the imports' lower CPU priority from its start: its modules (the
// database drivers, Kysely, the import) load after the priority is lowered, so a scheduled job's start-up, about a
// CPU-second under tsx, does not compete with the shoppers at their priority. This entry loads nothing else first
// (scripts/import-entry.test.ts).
try {
  lowerThreadPriority(parseImportNice(process.env.IMPORT_NICE));
} catch {
  // A bad IMPORT_NICE is refused by the command, with the others' errors.
}
const { main } = await import('./import-cli');
process.exitCode = await main();
