import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The serving process caps the old generation's growth between full collections (server/heap-growth.ts): without
// it, a server allocating fast grew its heap to several times what it kept alive (RSS 440 MB at 40k products
// under `npm run bench scale`, goal 250). A child process (V8's flags are per process) keeps about 80 MB alive
// while allocating garbage that outlives the young generation, as requests in flight do; the old space it uses
// at its highest must stay within 3× what survives a full collection at the end (V8 left alone: about 5×).

const module = fileURLToPath(new URL('./heap-growth.ts', import.meta.url));
const child = `
  import { getHeapSpaceStatistics } from 'node:v8';
  import { limitHeapGrowth } from ${JSON.stringify(module)};
  limitHeapGrowth();
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

function run(): { peak: number; live: number } {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', child], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as { peak: number; live: number };
}

describe('heap growth', () => {
  it('keeps the old space within 3× of what it keeps alive', { timeout: 300_000 }, () => {
    const { peak, live } = run();
    expect(live).toBeGreaterThan(40e6);
    expect(peak / live).toBeLessThan(3);
  });
});
