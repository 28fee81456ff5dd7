import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run import` lowers its CPU priority before it loads the import (scripts/import.ts): its start-up, about a
// CPU-second under tsx, ran at the shoppers' priority while the entry loaded the database drivers, Kysely and the
// import statically (docs/imports.md, "Imports and shoppers"). What loads before the priority is lowered is what the
// entry and its static imports import statically: node's own modules and the priority rule, nothing else.

const ROOT = resolve(import.meta.dirname, '..');
const staticImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^import\s[^'"]*from\s+'([^']+)';/gm)].map((m) => m[1]);

describe('the import command', () => {
  it('loads only the priority rule and node modules before lowering its priority, then the command', () => {
    const entry = join(ROOT, 'scripts/import.ts');
    expect(staticImports(entry)).toEqual(['../server/services/catalogue/import-priority']);
    const rule = join(ROOT, 'server/services/catalogue/import-priority.ts');
    expect(staticImports(rule).every((m) => m.startsWith('node:'))).toBe(true);
    const source = readFileSync(entry, 'utf8');
    expect(source.indexOf('lowerThreadPriority(')).toBeGreaterThan(-1);
    expect(source.indexOf('lowerThreadPriority(')).toBeLessThan(source.indexOf("await import('./import-cli')"));
  });
});
