import { fixedRate } from '../fixed-rate';
import { printTable, type BenchCase } from '../harness';

// Search suggestions as shoppers type, over 5000 products (scripts/bench/setup/products-5000.ts), at a fixed
// 100 req/s, open loop. Goal: p99 ≤ 50 ms on loopback. Typos included, as shoppers type them.
const QUERIES = ['ban', 'bananna', 'choc', 'choclate', 'glutenfree bread', 'organic yog', 'cheddr', 'coffe', 'spicy salsa', 'milk'];

export const productSearch: BenchCase = {
  name: 'product-search',
  async run(server) {
    const seconds = Number(process.env.BENCH_DURATION ?? 10);
    const rate = Number(process.env.BENCH_SEARCH_RATE ?? 100);
    const suggest = QUERIES.map((q) => ({ method: 'GET', path: `/api/shop/v1/search/suggest?q=${encodeURIComponent(q)}` }));
    const results = QUERIES.map((q) => ({ method: 'GET', path: `/api/shop/v1/products?store_id=1001&q=${encodeURIComponent(q)}` }));
    // Warm-up: the server builds the catalogue's index when it is ready; the first calls wait for it.
    for (const r of [...suggest, ...results]) await fetch(`${server.url}${r.path}`);
    const rows = [];
    for (const [name, requests] of [
      ['suggestions', suggest],
      ['result pages (24 products, priced)', results],
    ] as const) {
      const r = await fixedRate({ base: server.url, requests: [...requests], rate, seconds });
      rows.push({ calls: name, 'req/s': r.rps.toFixed(0), 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors + r.non2xx });
    }
    printTable(`product search over 5000 products at a fixed ${rate} req/s (${seconds} s each; goal suggestions p99 ≤ 50 ms)`, rows);
  },
};
