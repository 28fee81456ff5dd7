import { readdirSync } from 'node:fs';
import { startBenchServer, type BenchCase } from './harness';

// `npm run bench [case…]`: every case in scripts/bench/cases/, against one server on loopback.
const wanted = process.argv.slice(2);
const cases: BenchCase[] = [];
for (const file of readdirSync('scripts/bench/cases')
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  const mod = (await import(`./cases/${file}`)) as Record<string, BenchCase>;
  for (const c of Object.values(mod)) if (c && typeof c.run === 'function' && (!wanted.length || wanted.includes(c.name))) cases.push(c);
}
const server = await startBenchServer();
console.log(`# Benchmarks (${new Date().toISOString()}, Node ${process.version}, loopback ${server.url})`);
try {
  for (const c of cases) await c.run(server);
} finally {
  await server.stop();
}
