// Builds the framework-free runtime (core/) into ES-module chunks: boot.js for every page, plus one lazily
// loaded file per chunk: the page-level behaviours of core/chunks/chunks.json and the handler files of the widget
// folders (react-app/widgets/<folder>/handler.ts or <chunk>.handler.ts; scripts/widget-build.mjs). Each entry is
// generated, `export { default } from <handler>`; boot's registry lines of the widgets are written into it as the
// `virtual:widget-handlers` module. Writes dist/runtime/manifest.json so the server can tell the runtime where each
// hashed chunk and its stylesheets are.
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import esbuild from 'rollup-plugin-esbuild';
import { eagerCompilePlugin } from './scripts/eager-compile.mjs';
import { widgetBehaviours, widgetHandlerChunks } from './scripts/widget-build.mjs';

/** @type {Record<string, { handler: string; styles?: string[] }>} */
const chunks = JSON.parse(readFileSync('core/chunks/chunks.json', 'utf8'));
mkdirSync('dist', { recursive: true });
const widgetBuild = await widgetBehaviours();
for (const [name, handler] of Object.entries(widgetHandlerChunks())) {
  if (chunks[name]) throw new Error(`The widget chunk "${name}" (${handler}) has the name of a chunk of core/chunks/chunks.json.`);
  chunks[name] = { handler, styles: widgetBuild.styles[name] };
}
const chunkNames = Object.keys(chunks);
const styles = Object.fromEntries(chunkNames.filter((name) => chunks[name].styles).map((name) => [name, chunks[name].styles]));
const WIDGET_HANDLERS = 'virtual:widget-handlers';
/** The generated entry module of a chunk. */
const ENTRY = '\0chunk-entry:';

const input = { boot: 'core/boot.ts' };
let bootReach = null;
let siteReach = null;
/** Chunks every page with the site chrome connects at boot (server/render/chunks.ts adds them from the markup). */
const SITE_WIDE = ['header', 'store-layer', 'header-cart'];
for (const name of chunkNames) input[`handler-${name}`] = `${ENTRY}${name}`;

/** Each chunk's entry re-exports its handler: `export { default } from '<handler>'`; boot imports the widgets' lines. */
function chunkEntriesPlugin() {
  return {
    name: 'chunk-entries',
    resolveId: (id) => (id.startsWith(ENTRY) ? id : id === WIDGET_HANDLERS ? `\0${id}` : null),
    load(id) {
      if (id === `\0${WIDGET_HANDLERS}`) return `export default ${JSON.stringify(widgetBuild.lines)};\n`;
      return id.startsWith(ENTRY) ? `export { default } from ${JSON.stringify(resolve(chunks[id.slice(ENTRY.length)].handler))};\n` : null;
    },
  };
}

function manifestPlugin() {
  return {
    name: 'runtime-manifest',
    generateBundle(_options, bundle) {
      const chunkStyles = {};
      for (const [chunk, files] of Object.entries(styles)) {
        chunkStyles[chunk] = files.map((file) => {
          const ref = this.emitFile({ type: 'asset', name: basename(file), source: readFileSync(file) });
          return this.getFileName(ref);
        });
      }
      const manifest = { boot: '', chunks: {}, chunkStyles };
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry) continue;
        if (file.name === 'boot') manifest.boot = file.fileName;
        else manifest.chunks[file.name.replace(/^handler-/, '')] = file.fileName;
      }
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: JSON.stringify(manifest, null, 2) });
    },
  };
}

export default {
  input,
  output: {
    dir: 'dist/runtime',
    format: 'es',
    entryFileNames: '[name]-[hash].js',
    chunkFileNames: 'shared-[hash].js',
    assetFileNames: 'css/[name]-[hash][extname]',
    sourcemap: true,
    // Everything the boot entry imports statically goes into one shared file, so a page loads boot + core
    // (two requests) instead of one small file per module shared with some handler chunk.
    manualChunks(id, { getModuleInfo }) {
      if (!bootReach) {
        bootReach = new Set();
        const walk = (mid) => {
          const info = getModuleInfo(mid);
          if (!info) return;
          for (const dep of info.importedIds)
            if (!bootReach.has(dep)) {
              bootReach.add(dep);
              walk(dep);
            }
        };
        walk(resolve('core/boot.ts'));
      }
      if (bootReach.has(id)) return 'core';
      // The site-wide handlers (header, store layer, header cart: every page with the site chrome connects them at
      // boot) and everything they import beyond core go into one file, their entries becoming small facades: the
      // browser takes in each module file in a task of its own (response, compile), and each is one more step of
      // its module loader before boot's import() of a chunk settles. The files boot waits for went from 12 to 6
      // on a plain page (21.0 to 19.0 KB gzip) and from 18 to 12 on the 500-element page.
      if (!siteReach) {
        siteReach = new Set();
        const walk = (mid) => {
          for (const dep of getModuleInfo(mid)?.importedIds ?? [])
            if (!siteReach.has(dep) && !bootReach.has(dep)) {
              siteReach.add(dep);
              walk(dep);
            }
        };
        for (const chunk of SITE_WIDE) walk(`${ENTRY}${chunk}`);
      }
      return siteReach.has(id) ? 'site' : undefined;
    },
  },
  // Keep the boot entry's exports out of the way: nothing imports it.
  preserveEntrySignatures: 'exports-only',
  plugins: [
    chunkEntriesPlugin(),
    nodeResolve({ browser: true, extensions: ['.ts', '.mjs', '.js'] }),
    esbuild({ target: 'es2020', minify: true, tsconfig: 'tsconfig.json' }),
    eagerCompilePlugin(),
    manifestPlugin(),
  ],
  onwarn(warning, warn) {
    if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.some((id) => id.includes('node_modules'))) return;
    warn(warning);
  },
};
