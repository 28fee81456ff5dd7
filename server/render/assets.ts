import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Where the built files are: the runtime manifest from rollup, the app manifest from Vite, and the site
// stylesheet (hashed here so it can be cached forever).

export interface RuntimeManifest {
  boot: string;
  chunks: Record<string, string>;
  chunkStyles: Record<string, string[]>;
}

interface ViteManifestEntry {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

export interface Assets {
  runtime: RuntimeManifest;
  bootUrl: string;
  islandsUrl: string | null;
  appEntry: (name: string) => { js: string; css: string[] } | null;
  siteCss: { url: string; body: string };
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
  // site.css first, then each area's stylesheet in name order, served as one file.
  const styleDir = join(root, 'react-app/styles');
  const files = [
    'site.css',
    ...readdirSync(styleDir)
      .filter((f) => f.endsWith('.css') && f !== 'site.css')
      .sort(),
  ];
  const css = files.map((f) => `/* ${f} */\n${readFileSync(join(styleDir, f), 'utf8')}`).join('\n');
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
  return {
    runtime,
    bootUrl: `/assets/runtime/${runtime.boot}`,
    islandsUrl: appEntry('islands/main')?.js ?? null,
    appEntry,
    siteCss: { url: `/assets/site-${hash}.css`, body: css },
  };
}
