import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as cssTree from 'css-tree';
import { readCssRules, type CssRules } from './page-css';

// Where the built files are: the runtime manifest from rollup, the app manifest from Vite, and the site
// stylesheet (hashed by the build so it can be cached forever).

export interface RuntimeManifest {
  boot: string;
  chunks: Record<string, string>;
  chunkStyles: Record<string, string[]>;
}

interface ViteManifestEntry {
  file: string;
  css?: string[];
  isEntry?: boolean;
  imports?: string[];
}

export interface Assets {
  runtime: RuntimeManifest;
  bootUrl: string;
  islandsUrl: string | null;
  /**
   * What the islands bundle will import for these islands (those hydrating as the page loads) (its shared files, each island's chunk and that
   * chunk's imports), as URLs to announce with modulepreload: fetched beside boot instead of one round later.
   */
  islandPreloads: (islands: Iterable<string>) => string[];
  appEntry: (name: string) => { js: string; css: string[] } | null;
  /** The site stylesheet, with its build-time Brotli and gzip forms. */
  siteCss: { url: string; body: string; br: Buffer; gzip: Buffer };
  /** The site stylesheet rule by rule, for the CSS each page inlines (server/render/page-css.ts); null before a build made it. */
  cssRules: CssRules | null;
  /** A runtime file (boot or chunk) with every file it imports statically, transitively, for modulepreload. */
  runtimeClosure: (file: string) => string[];
  /** A chunk stylesheet's text (`css/swiper-<hash>.css`, as `chunkStyles` lists it), read once; null if missing. */
  runtimeCss: (file: string) => string | null;
}

const STATIC_IMPORT = /(?:from|import)\s*"\.\/([\w.-]+\.js)"/g;

/** Each built runtime file's static imports, read once at start-up from the files rollup wrote. */
function staticImports(dir: string, files: string[]): (file: string) => string[] {
  const direct = new Map<string, string[]>();
  const read = (file: string): string[] => {
    let found = direct.get(file);
    if (!found) {
      const path = join(dir, file);
      found = existsSync(path) ? [...readFileSync(path, 'utf8').matchAll(STATIC_IMPORT)].map((m) => m[1]) : [];
      direct.set(file, found);
    }
    return found;
  };
  for (const f of files) read(f);
  return (file) => {
    const seen = new Set<string>();
    const queue = [file];
    while (queue.length) {
      const next = queue.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...read(next));
    }
    return [...seen];
  };
}

/** The chunk stylesheets' texts, read at start-up (a page inlines those of its chunks: server/render/chunks.ts). */
function chunkCss(dir: string, runtime: RuntimeManifest): (file: string) => string | null {
  const texts = new Map<string, string>();
  for (const file of new Set(Object.values(runtime.chunkStyles ?? {}).flat())) {
    const path = join(dir, file);
    // The files are the libraries' own, comments and indentation included: minified once, as the site CSS is.
    if (existsSync(path)) texts.set(file, cssTree.generate(cssTree.parse(readFileSync(path, 'utf8'))));
  }
  return (file) => texts.get(file) ?? null;
}

const readOr = (path: string, make: () => Buffer): Buffer => (existsSync(path) ? readFileSync(path) : make());

/** The site stylesheet of the build (dist/styles/manifest.json): its file name and the address it is served at. */
export function siteStylesheet(root = process.cwd()): { file: string; url: string } {
  const stylesPath = join(root, 'dist/styles/manifest.json');
  if (!existsSync(stylesPath)) throw new Error('dist/styles/manifest.json is required. Run `npm run build` (npm start does it for you).');
  const { site } = JSON.parse(readFileSync(stylesPath, 'utf8')) as { site: string };
  return { file: site, url: `/assets/${site}` };
}

export function loadAssets(root = process.cwd()): Assets {
  const runtimePath = join(root, 'dist/runtime/manifest.json');
  if (!existsSync(runtimePath)) throw new Error('dist/runtime/manifest.json is required. Run `npm run build` (npm start does it for you).');
  const runtime = JSON.parse(readFileSync(runtimePath, 'utf8')) as RuntimeManifest;
  const vitePath = join(root, 'dist/app/.vite/manifest.json');
  const vite: Record<string, ViteManifestEntry> = existsSync(vitePath) ? JSON.parse(readFileSync(vitePath, 'utf8')) : {};
  const entries = new Map<string, ViteManifestEntry>();
  for (const [src, entry] of Object.entries(vite)) if (entry.isEntry) entries.set(src, entry);
  const appEntry = (name: string) => {
    for (const [src, entry] of entries)
      if (src.includes(name)) return { js: `/assets/app/${entry.file}`, css: (entry.css ?? []).map((c) => `/assets/app/${c}`) };
    return null;
  };
  const islandPreloads = (islands: Iterable<string>): string[] => {
    const main = [...entries.keys()].find((src) => src.includes('islands/main'));
    if (!main) return [];
    const seen = new Set<string>();
    const wanted = [...islands].map((name) => `react-app/islands/${name}.tsx`);
    // An island hydrating at once needs the hydration module (React) too; the loader alone imports nothing heavy.
    const queue = [...(vite[main].imports ?? []), ...(wanted.length ? ['react-app/islands/hydrate.tsx'] : []), ...wanted];
    while (queue.length) {
      const key = queue.shift()!;
      if (seen.has(key) || !vite[key]) continue;
      seen.add(key);
      queue.push(...(vite[key].imports ?? []));
    }
    return [...seen].map((key) => `/assets/app/${vite[key].file}`);
  };
  // The site stylesheet built by scripts/build-styles.mjs (hashed, minified).
  const styles = siteStylesheet(root);
  const css = readFileSync(join(root, 'dist/styles', styles.file), 'utf8');
  return {
    runtime,
    bootUrl: `/assets/runtime/${runtime.boot}`,
    islandsUrl: appEntry('islands/main')?.js ?? null,
    islandPreloads,
    appEntry,
    siteCss: {
      url: styles.url,
      body: css,
      // Made by the build (scripts/build-styles.mjs); made here when a folder predates it.
      br: readOr(join(root, 'dist/styles', `${styles.file}.br`), () => brotliCompressSync(css)),
      gzip: readOr(join(root, 'dist/styles', `${styles.file}.gz`), () => gzipSync(css, { level: 9 })),
    },
    cssRules: readCssRules(join(root, 'dist/styles/rules.json')),
    runtimeClosure: staticImports(join(root, 'dist/runtime'), [runtime.boot, ...Object.values(runtime.chunks)]),
    runtimeCss: chunkCss(join(root, 'dist/runtime'), runtime),
  };
}
