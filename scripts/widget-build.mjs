// What the runtime build takes from the widget folders (react-app/widgets/<folder>/): the chunk of each handler
// file, and, from the definitions the registry lists, boot's registry lines and each chunk's library stylesheets.
// rollup.config.mjs builds from these; the registry and chunk tests compare the folders with them.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const WIDGETS_DIR = 'react-app/widgets';

/**
 * The handler chunks of the widget folders, by chunk name: `<folder>/handler.ts` is the chunk `<folder>`,
 * `<folder>/<name>.handler.ts` the chunk `<name>`. Paths are relative to root.
 */
export function widgetHandlerChunks(root = '.') {
  const dir = join(root, WIDGETS_DIR);
  const chunks = {};
  for (const folder of readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort())
    for (const file of readdirSync(join(dir, folder)).sort()) {
      const name = file === 'handler.ts' ? folder : /^(.+)\.handler\.ts$/.exec(file)?.[1];
      if (!name) continue;
      if (chunks[name])
        throw new Error(`Two handler files make the chunk "${name}": ${chunks[name]} and ${WIDGETS_DIR}/${folder}/${file}.`);
      chunks[name] = `${WIDGETS_DIR}/${folder}/${file}`;
    }
  return chunks;
}

/** The widget folders that hold a definition module (widget.tsx). */
export function widgetFolders(root = '.') {
  const dir = join(root, WIDGETS_DIR);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'widget.tsx')))
    .map((d) => d.name)
    .sort();
}

/**
 * Boot's registry lines and the chunks' library stylesheets, read from the registered definitions (compiled for
 * Node with esbuild and loaded once, as the server loads them).
 */
export async function widgetBehaviours(root = '.') {
  const file = resolve(root, `dist/.widget-behaviours-${process.pid}.mjs`);
  const source = [
    `import { widgets } from './${WIDGETS_DIR}/index';`,
    `import { widgetHandlerLines } from './${WIDGETS_DIR}/handler-lines';`,
    'export const lines = widgetHandlerLines(widgets);',
    'export const styles = Object.fromEntries(Object.values(widgets).flatMap((w) => (w.behaviour?.styles ? [[w.behaviour.chunk, w.behaviour.styles]] : [])));',
  ].join('\n');
  const out = await build({
    stdin: { contents: source, resolveDir: resolve(root), loader: 'ts', sourcefile: 'widget-behaviours.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    write: false,
    logLevel: 'warning',
  });
  writeFileSync(file, out.outputFiles[0].text);
  try {
    const { lines, styles } = await import(pathToFileURL(file).href);
    return { lines, styles };
  } finally {
    rmSync(file, { force: true });
  }
}
