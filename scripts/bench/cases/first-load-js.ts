import { gzipSync } from 'node:zlib';
import { printTable, type BenchCase } from '../harness';

// (a) The JS a published page loads before any lazy chunk: module scripts in the HTML plus their static imports.
async function firstLoad(base: string, path: string): Promise<{ files: number; raw: number; gzip: number; react: boolean }> {
  const html = await (await fetch(base + path)).text();
  const queue = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => new URL(m[1], base + path).href);
  const seen = new Set<string>();
  let raw = 0;
  let gzip = 0;
  let react = false;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    const text = body.toString('utf8');
    if (/react-dom|__SECRET_INTERNALS|createRoot/.test(text)) react = true;
    // Static imports only (`import"./x.js"` / `from"./x.js"`); dynamic import() is a lazy chunk.
    for (const m of text.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g))
      queue.push(new URL(m[1], url).href);
  }
  return { files: seen.size, raw, gzip, react };
}

export const firstLoadJs: BenchCase = {
  name: 'first-load-js',
  async run(server) {
    const rows = [];
    for (const path of ['/', '/store/store-locator']) {
      const r = await firstLoad(server.url, path);
      rows.push({
        page: path,
        scripts: r.files,
        'raw KB': (r.raw / 1024).toFixed(1),
        'gzip KB': (r.gzip / 1024).toFixed(2),
        React: r.react ? 'yes' : 'no',
        'budget (15 KB gzip)': path === '/' ? (r.gzip <= 15 * 1024 ? 'within' : 'OVER') : 'island page',
      });
    }
    printTable('First-load JavaScript (before lazy chunks)', rows);
  },
};
