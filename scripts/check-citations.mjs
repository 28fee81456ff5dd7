// The lint's citation check: source files and docs explain themselves or point into docs/, never to the product
// spec outside the repository (a plain clone does not have it). Fails on any mention, in a comment or a string, of
// the spec's sections or files, or of the folder beside the repository that held them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Spelled in pieces, so this file does not match itself.
const S = 'SPEC';
const D = 'DESIGN';
export const CITATION = new RegExp(`${S} §|${S}\\.md|${D}\\.md|\\.\\./${'shared'}`);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|html|md)$/;
const SKIP = new Set(['node_modules', 'dist', 'data', '.git', '.tsbuild', '.cache', 'test-results', 'playwright-report']);

/** The lines of `text` that cite the spec, as "line: text". */
export function citationsIn(text) {
  return text.split('\n').flatMap((line, i) => (CITATION.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

/** Every source and documentation file under `root`, as paths relative to it. */
export function sourceFiles(root, dir = '') {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(root, path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The files under `root` that cite the spec, each with its lines. */
export function checkCitations(root) {
  return sourceFiles(root).flatMap((path) => {
    const lines = citationsIn(readFileSync(join(root, path), 'utf8'));
    return lines.length ? [{ path, lines }] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = checkCitations(process.cwd());
  for (const { path, lines } of found) for (const line of lines) console.error(`${path}:${line}`);
  if (found.length) {
    console.error(`\n${found.length} file(s) cite the spec: say why in the comment, or point to docs/.`);
    process.exit(1);
  }
}
