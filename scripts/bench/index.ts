import { existsSync, readFileSync, readdirSync } from 'node:fs';
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
/**
 * CPU time the hypervisor gave to other guests ("steal"), as a share of all CPU time since `from`: on a shared
 * virtual machine it varies through the day, and every time in the tables stretches with it.
 */
function cpuTimes(): number[] | null {
  if (!existsSync('/proc/stat')) return null;
  return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
}
const stealShare = (from: number[], to: number[]): string => {
  const d = to.map((v, i) => v - (from[i] ?? 0));
  const total = d.reduce((a, b) => a + b, 0);
  return `${((100 * (d[7] ?? 0)) / Math.max(1, total)).toFixed(1)}%`;
};

const server = await startBenchServer();
const cpuAtStart = cpuTimes();
console.log(`# Benchmarks (${new Date().toISOString()}, Node ${process.version}, loopback ${server.url})`);
try {
  // A case that misses its goals throws after its table: the other cases still run, and the run exits 1.
  for (const c of cases)
    await c.run(server).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
} finally {
  await server.stop();
  const cpuAtEnd = cpuTimes();
  if (cpuAtStart && cpuAtEnd)
    console.log(`\nCPU steal during the run (time the host gave other guests): ${stealShare(cpuAtStart, cpuAtEnd)}`);
}
