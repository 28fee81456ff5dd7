// Build-time Brotli (quality 11) and gzip (level 9) copies of the built files the browser loads, beside each file
// (`x.js.br`, `x.js.gz`): the server sends the one the request's Accept-Encoding prefers (content negotiation)
// and never compresses a static file per request. Part of `npm run build`.
//   node scripts/precompress.mjs <folder>…
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
/** What compresses: text formats. Images and fonts are compressed formats already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|xml)$/;
/** Below this a compressed copy saves less than the Content-Encoding header and a round of negotiation costs. */
const MIN_BYTES = 512;

/** @param {Buffer} body */
export async function compressedForms(body) {
  const [brotli, gzipped] = await Promise.all([
    br(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(body, { level: 9 }),
  ]);
  return { br: brotli, gzip: gzipped };
}

/** Every compressible file under `dir` (source maps and manifests are not served: skipped). */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(path);
    } else if (COMPRESSIBLE.test(entry.name) && !entry.name.endsWith('manifest.json') && statSync(path).size >= MIN_BYTES) yield path;
  }
}

/** Writes each copy whole (aside, then renamed): a server may be serving the folder meanwhile. */
function writeWhole(path, body) {
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, body);
  renameSync(aside, path);
}

/** @param {string} dir */
export async function precompress(dir) {
  let count = 0;
  const queue = [...files(dir)];
  // A few at a time: zlib runs them on the thread pool.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        const forms = await compressedForms(readFileSync(path));
        writeWhole(`${path}.br`, forms.br);
        writeWhole(`${path}.gz`, forms.gzip);
        count++;
      }
    }),
  );
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) await precompress(dir);
}
