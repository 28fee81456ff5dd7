import { fixedRate } from '../fixed-rate';
import { load, printTable, type BenchCase } from '../harness';

// POST /wp-json/elementor-pro/v1/refresh-loop over the seeded recipes plus 5000 generated ones
// (scripts/bench/setup/recipes-5000.ts). Goal: p99 ≤ 50 ms on loopback.
const GRID = { post_id: 72, widget_id: 'c72021', pagination_base_url: '/recipes' };

const scenarios: Array<[string, unknown]> = [
  [
    'course AND + diet IN (2 terms)',
    { taxonomy: { course: { terms: ['dinner'], logicalJoin: 'AND' }, diet: { terms: ['vegan', 'gluten-free'], logicalJoin: 'IN' } } },
  ],
  [
    'diet NOT IN + cuisine AND',
    { taxonomy: { diet: { terms: ['vegan'], logicalJoin: 'NOT IN' }, cuisine: { terms: ['italian'], logicalJoin: 'AND' } } },
  ],
  ['no filter', {}],
];

export const refreshLoop: BenchCase = {
  name: 'refresh-loop',
  async run(server) {
    const duration = Number(process.env.BENCH_DURATION ?? 10);
    const url = `${server.url}/wp-json/elementor-pro/v1/refresh-loop`;
    const rows = [];
    for (const [name, widget_filters] of scenarios) {
      const body = JSON.stringify({ ...GRID, widget_filters });
      const probe = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const total = /(\d+) recipes/.exec(((await probe.json()) as { data: string }).data)?.[1] ?? '?';
      const r = await load({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, duration });
      rows.push({
        filters: name,
        matches: total,
        'req/s': r.rps.toFixed(0),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors + r.non2xx,
      });
    }
    // Latency at a steady rate (open loop): what one visitor waits for, without the generator's queue.
    const rate = Number(process.env.BENCH_LOOP_RATE ?? 50);
    const requests = scenarios.map(([, widget_filters]) => ({
      method: 'POST',
      path: '/wp-json/elementor-pro/v1/refresh-loop',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...GRID, widget_filters }),
    }));
    const steady = await fixedRate({ base: server.url, requests, rate, seconds: duration });
    rows.push({
      filters: `all three, fixed ${rate} req/s`,
      matches: '',
      'req/s': steady.rps.toFixed(0),
      'p50 ms': steady.p50,
      'p99 ms': steady.p99,
      errors: steady.errors + steady.non2xx,
    });
    printTable(`refresh-loop with 5000+ recipes (${duration} s each; 10 connections, then a fixed rate; goal p99 ≤ 50 ms)`, rows);
  },
};
