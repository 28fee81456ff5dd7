// Builds the site stylesheet: react-app/styles/site.css first, then each area's stylesheet in name order, then the
// widget folders' stylesheets (react-app/widgets/<folder>/*.css) in folder order, as one minified file named by its content hash (dist/styles/site-<hash>.css, cached forever) and a manifest the
// server reads. Part of `npm run build`; the test servers run it too, so they always serve current CSS.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { compressedForms } from './precompress.mjs';

const dir = 'react-app/styles';
const widgetsDir = 'react-app/widgets';
const files = [
  'site.css',
  ...readdirSync(dir)
    .filter((f) => f.endsWith('.css') && f !== 'site.css')
    .sort(),
].map((f) => join(dir, f));
for (const folder of readdirSync(widgetsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort())
  for (const f of readdirSync(join(widgetsDir, folder))
    .filter((f) => f.endsWith('.css'))
    .sort())
    files.push(join(widgetsDir, folder, f));
const source = files.map((f) => readFileSync(f, 'utf8')).join('\n');
const { code } = await transform(source, { loader: 'css', minify: true, target: ['chrome110', 'firefox110', 'safari16'] });
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
writeWhole('manifest.json', JSON.stringify({ site: file, sources: files }, null, 2));
for (const old of readdirSync(out))
  if (/^site-.*\.css(?:\.br|\.gz)?$/.test(old) && !old.startsWith(file)) rmSync(join(out, old), { force: true });
