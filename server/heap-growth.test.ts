import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The serving process caps the old generation's growth between full collections (server/heap-growth.ts): without
// it, a server allocating fast grew its heap to several times what it kept alive (RSS 440 MB at 40k products
// under `npm run bench scale`, goal 250). A child process (V8's flags are per process) keeps about 80 MB alive
// while allocating garbage that outlives the young generation, as requests in flight do; the old space it uses
// at its highest must stay well under what it reaches with V8 left alone. Measured on this machine: capped 1.9–2.0×
// on Node 20, 2.5–2.9× on 24 (3.04× once in CI), 2.0–2.1× on 26; left alone 5.1–6.2× on all three. The bound sits
// between the two, and the second test proves it would fail without the cap.

const module = fileURLToPath(new URL('./heap-growth.ts', import.meta.url));
const child = (capped: boolean): string => `
  import { getHeapSpaceStatistics } from 'node:v8';
  import { limitHeapGrowth } from ${JSON.stringify(module)};
  if (${capped}) limitHeapGrowth();
  const used = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
  const kept = (globalThis.kept = []);
  for (let i = 0; i < 300000; i++) kept.push({ i, s: 'x' + i });
  const window = (globalThis.window = []);
  let peak = 0;
  for (let round = 0; round < 4000; round++) {
    const garbage = [];
    for (let j = 0; j < 2000; j++) garbage.push({ j, s: 'y' + j });
    window.push(garbage);
    if (window.length > 400) window.shift();
    if (round % 20 === 0) peak = Math.max(peak, used());
  }
  globalThis.gc();
  console.log(JSON.stringify({ peak, live: used() }));
`;

const BOUND = 4;

function run(capped: boolean): { peak: number; live: number } {
  const args = ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', child(capped)];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as { peak: number; live: number };
}

describe('heap growth', () => {
  it(`keeps the old space within ${BOUND}× of what it keeps alive`, { timeout: 300_000 }, () => {
    const { peak, live } = run(true);
    expect(live).toBeGreaterThan(40e6);
    expect(peak / live).toBeLessThan(BOUND);
  });

  it(`would fail without the cap: V8 left alone grows past ${BOUND}×`, { timeout: 300_000 }, () => {
    const { peak, live } = run(false);
    expect(live).toBeGreaterThan(40e6);
    expect(peak / live).toBeGreaterThan(BOUND);
  });
});
