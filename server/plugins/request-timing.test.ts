import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServerProcess, startTestServer, type TestServer } from '../testing/harness';

// REQUEST_TIMING_FILE: the server says, per request, where the time went (docs/performance.md, Scale).

let base: TestServer;
let timed: ServerProcess;
const dir = mkdtempSync(join(tmpdir(), 'hl-timing-'));
const file = join(dir, 'timing.jsonl');

beforeAll(async () => {
  base = await startTestServer();
  timed = await spawnServerProcess(base.database, { REQUEST_TIMING_FILE: file });
}, 180_000);
afterAll(async () => {
  await timed?.close();
  await base?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Line {
  url: string;
  status: number;
  ms: number;
  poolWaitMs: number;
  dbMs: number;
  serializeMs: number;
  gcMs: number;
  stallMs: number;
  statements: Array<[number, string]>;
}

async function lineFor(url: string): Promise<Line> {
  for (;;) {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    const found = lines.map((l) => JSON.parse(l) as Partial<Line>).find((l) => l.url === url);
    if (found) return found as Line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the request-timing log', () => {
  it("names a shop list's statements with their round trips, its encoding and what overlapped it", async () => {
    const url = '/api/shop/v1/products?store_id=1001&department=10200';
    const r = await fetch(`${timed.url}${url}`);
    expect(r.status).toBe(200);
    const line = await lineFor(url);
    expect(line.status).toBe(200);
    expect(line.statements.some(([, text]) => /from "products"/.test(text))).toBe(true);
    for (const [ms] of line.statements) expect(ms).toBeGreaterThanOrEqual(0);
    expect(line.dbMs).toBeCloseTo(
      line.statements.reduce((s, [ms]) => s + ms, 0),
      0,
    );
    for (const part of [line.ms, line.poolWaitMs, line.serializeMs, line.gcMs, line.stallMs]) expect(part).toBeGreaterThanOrEqual(0);
  });
});
