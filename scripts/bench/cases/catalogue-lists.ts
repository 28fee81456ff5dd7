import { fixedRate } from '../fixed-rate';
import { printTable, startBenchServer, type BenchCase } from '../harness';

// The back office's lists (docs/catalogue.md) at the catalogue's scale: 40 000 products, 100 stores each carrying
// all of them (4 million shelf rows; scripts/bench/setup/catalogue-40000.ts), on a server of its own (the shared bench server keeps 5000
// products for the search case). A merchandiser's session pages, searches and filters at a fixed rate, open
// loop. Goal: p99 ≤ 100 ms.

export const catalogueLists: BenchCase = {
  name: 'catalogue-lists',
  async run() {
    const server = await startBenchServer({ BENCH_CATALOGUE: '1' });
    const base = server.url;
    const depts = [10000, 10100, 10200, 10500, 10700];
    try {
      // A merchandiser's session: the page's nonce, then the sign-in's cookie and nonce.
      const home = await fetch(`${base}/`);
      const pageNonce = /"nonce":"([^"]+)"/.exec(await home.text())?.[1] ?? '';
      const signIn = await fetch(`${base}/api/shop/v1/session`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-wp-nonce': pageNonce,
          cookie: home.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; '),
        },
        body: JSON.stringify({ email: 'merchandiser@harvestlane.test', password: 'merchandiser-password' }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const { nonce } = (await signIn.json()) as { nonce: string };
      const headers = { cookie, 'x-wp-nonce': nonce };
      const A = '/api/admin/v1/catalogue';
      const lists: Array<[string, string[]]> = [
        ['products, first page', [`${A}/products`]],
        ['products, pages 100–1600 (offset by the name index)', [100, 400, 800, 1200, 1600].map((p) => `${A}/products?page=${p}`)],
        [
          'products, search by name',
          ['yogurt', 'organic milk', 'maple ridge', 'spicy'].map((q) => `${A}/products?q=${encodeURIComponent(q)}`),
        ],
        // The same searches at a merchandiser's pace, to set their own cost apart from the host's queue (each reads
        // the trigram index of names and brands, migration 231, then its matches by primary key).
        [
          'products, search by name at 5 req/s',
          ['yogurt', 'organic milk', 'maple ridge', 'spicy'].map((q) => `${A}/products?q=${encodeURIComponent(q)}`),
        ],
        ['products, exact UPC', [`${A}/products?q=100000012345`]],
        ['products, by department', depts.map((d) => `${A}/products?department_id=${d}&page=3`)],
        ['one store’s 40 000 prices, pages', [1, 50, 500, 1500].map((p) => `${A}/prices?store_id=1001&page=${p}`)],
        ['one store’s prices, search', ['milk', 'bread', 'yogurt'].map((q) => `${A}/prices?store_id=4050&q=${q}`)],
        ['stores, promotions, circulars', [`${A}/stores`, `${A}/promotions`, `${A}/circulars`]],
        ['stores, search and page 3', [`${A}/stores?q=scale`, `${A}/stores?kind=shopping&page=3`]],
        [
          'promotions, current, by product',
          [`${A}/promotions?current=true`, `${A}/promotions?product_id=300001`, `${A}/promotions?q=sale`],
        ],
        ['recipes, search and status', [`${A}/recipes`, `${A}/recipes?q=chicken`, `${A}/recipes?status=publish&page=2`]],
        // The audit log: a product's and a store's trail (who, when, before, after), and a recipe's.
        ['audit log per product and per store', [`${A}/products/300001/audit`, `${A}/stores/1001/audit`, `${A}/audit/recipe/1`]],
        ['import history', ['/api/admin/v1/imports', '/api/admin/v1/imports?page=2']],
      ];
      for (const [, paths] of lists)
        for (const path of paths) if ((await fetch(`${base}${path}`, { headers })).status !== 200) throw new Error(`${path} failed`);
      const seconds = Number(process.env.BENCH_DURATION ?? 10);
      // A busy back office: several merchandisers paging and searching at once is a few requests a second; 20 leaves headroom.
      const rate = Number(process.env.BENCH_CATALOGUE_RATE ?? 20);
      const rows = [];
      for (const [name, paths] of lists) {
        const r = await fixedRate({
          base,
          requests: paths.map((path) => ({ method: 'GET', path, headers })),
          rate: name.endsWith('at 5 req/s') ? 5 : rate,
          seconds,
        });
        rows.push({ list: name, 'req/s': r.rps.toFixed(0), 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors + r.non2xx });
      }
      printTable(`back-office lists over 40000 products at a fixed ${rate} req/s (${seconds} s each; goal p99 ≤ 100 ms)`, rows);
    } finally {
      await server.stop();
    }
  },
};
