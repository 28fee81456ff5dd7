// Builds the site stylesheet: react-app/styles/site.css first, then each area's stylesheet in name order, then the
// widget folders' stylesheets (react-app/widgets/<folder>/*.css) in folder order, as one minified file named by its content hash (dist/styles/site-<hash>.css, cached forever) and a manifest the
// server reads. Part of `npm run build`; the test servers run it too, so they always serve current CSS.
// Beside it, dist/styles/rules.json: the same rules one by one with the classes that make each apply, and the class
// names the runtime, its chunks and the islands can add (scripts/css-subset.mjs), from which the server inlines
// only what a page can use.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { compressedForms } from './precompress.mjs';
import { classNames, moduleClosure, rulesOf, sections, vocabulary } from './css-subset.mjs';
import { widgetBehaviours, widgetHandlerChunks } from './widget-build.mjs';

const dir = 'react-app/styles';
const widgetsDir = 'react-app/widgets';
const files = [
  'site.css',
  ...readdirSync(dir)
    .filter((f) => f.endsWith('.css') && f !== 'site.css')
    .sort(),
].map((f) => join(dir, f));
// The widget folders' stylesheets (react-app/widgets/<folder>/*.css), in folder order.
for (const folder of readdirSync(widgetsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort())
  for (const f of readdirSync(join(widgetsDir, folder))
    .filter((f) => f.endsWith('.css'))
    .sort())
    files.push(join(widgetsDir, folder, f));
const minify = async (text) =>
  (await transform(text, { loader: 'css', minify: true, target: ['chrome110', 'firefox110', 'safari16'] })).code;
// Each file's sections (scripts/css-subset.mjs, @css-with markers) minified one by one, in the same order.
const parts = [];
for (const f of files) for (const s of sections(f, readFileSync(f, 'utf8'))) parts.push({ keys: s.keys, code: await minify(s.text) });
const code = parts.map((p) => p.code).join('');
const rules = parts.flatMap((p) => rulesOf(p.code, p.keys));
const classes = classNames(rules);
/** @type {Record<string, { handler: string; styles?: string[] }>} */
const chunks = JSON.parse(readFileSync('core/chunks/chunks.json', 'utf8'));
// The widget folders' handler chunks (scripts/widget-build.mjs), with their libraries' stylesheets.
mkdirSync('dist', { recursive: true });
const { styles: widgetStyles } = await widgetBehaviours();
for (const [name, handler] of Object.entries(widgetHandlerChunks())) chunks[name] = { handler, styles: widgetStyles[name] };
const islandDir = 'react-app/islands';
const vocab = {
  always: vocabulary(moduleClosure('core/boot.ts'), classes),
  chunks: Object.fromEntries(
    Object.entries(chunks).map(([name, c]) => [name, vocabulary([...moduleClosure(c.handler), ...(c.styles ?? [])], classes)]),
  ),
  islands: Object.fromEntries(
    readdirSync(islandDir)
      .filter((f) => /^[a-z][\w-]*\.tsx$/.test(f) && !/^(main|registry|hydrate|lazy)\b/.test(f))
      .map((f) => [f.replace(/\.tsx$/, ''), vocabulary(moduleClosure(join(islandDir, f)), classes)]),
  ),
};
const file = `site-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.css`;
// Test servers and the API tests' setup build at the same time while other servers serve the folder: each file
// appears whole (written aside, then renamed) and the folder is never emptied under a running server.
const out = 'dist/styles';
mkdirSync(out, { recursive: true });
const writeWhole = (name, text) => {
  const aside = join(out, `.${name}.${process.pid}`);
  writeFileSync(aside, text);
  renameSync(aside, join(out, name));
};
writeWhole(file, code);
// Its Brotli and gzip forms beside it (scripts/precompress.mjs), written before the manifest names the file.
const forms = await compressedForms(Buffer.from(code));
writeWhole(`${file}.br`, forms.br);
writeWhole(`${file}.gz`, forms.gzip);
writeWhole('rules.json', JSON.stringify({ rules, vocab }));
writeWhole('manifest.json', JSON.stringify({ site: file, sources: files }, null, 2));
for (const old of readdirSync(out))
  if (/^site-.*\.css(?:\.br|\.gz)?$/.test(old) && !old.startsWith(file)) rmSync(join(out, old), { force: true });
