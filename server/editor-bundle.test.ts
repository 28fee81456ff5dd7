import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// css-tree (custom CSS's parser) is not in the editor's first bundle: the editor loads it when a document holds
// custom CSS or the Custom CSS field is shown (react-app/widgets/controls/custom-css-loader.ts). Read from the
// build's manifest: everything an entry imports statically, by the sources its source maps name.

const DIST = 'dist/app';
interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** The files an entry loads before any dynamic import(). */
function staticFiles(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const next of manifest[entry]?.imports ?? []) staticFiles(next, seen);
  return seen;
}
const sourcesOf = (key: string): string[] => {
  const map = join(DIST, `${manifest[key].file}.map`);
  return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
};
const withCssTree = (keys: Iterable<string>) => [...keys].filter((k) => sourcesOf(k).some((s) => s.includes('node_modules/css-tree/')));

describe("the editor's first bundle", () => {
  it('leaves css-tree out, and the custom CSS chunk loaded on demand has it', () => {
    for (const entry of ['react-app/editor/main.tsx', 'react-app/editor/canvas-main.ts', 'admin/main.tsx', 'react-app/islands/main.tsx'])
      expect(withCssTree(staticFiles(entry)), entry).toEqual([]);
    // The probe: the check sees css-tree where it is (the lazily loaded checker).
    const lazy = Object.keys(manifest).filter((k) => k.endsWith('react-app/widgets/controls/custom-css.ts'));
    expect(lazy).toHaveLength(1);
    expect(manifest[lazy[0]].isDynamicEntry).toBe(true);
    expect(withCssTree(lazy)).toEqual(lazy);
  });
});
