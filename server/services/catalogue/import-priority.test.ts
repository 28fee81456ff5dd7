import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORTS_API } from '../../../core/api/admin';
import { signedInAs, useTestServer } from '../../testing/harness';
import { importHooks } from './import';
import { parseImportNice, threadId } from './import-priority';

// An upload is read and staged on a worker thread at a lower CPU priority than the thread answering shoppers
// (docs/imports.md, "Imports and shoppers"): on a 2-core host it kept the shoppers' slowest answers under 100 ms while
// a price file applied (docs/performance.md, "Catalogue imports").

const server = useTestServer({ importNice: 15 });
afterEach(() => {
  importHooks.onCopied = null;
});

/** This process's threads and their nice values (Linux: /proc/self/task/<tid>/stat, the 19th field). */
function threadNice(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

describe("an upload's import thread", () => {
  it.runIf(process.platform === 'linux')('runs at IMPORT_NICE while the thread answering requests keeps its priority', async () => {
    const before = threadNice();
    const own = before.get(threadId()!)!;
    let during: Map<number, number> | undefined;
    importHooks.onCopied = async () => {
      during ??= threadNice();
    };
    const admin = await signedInAs(server.url, 'admin');
    const upcs = Array.from({ length: 20 }, (_, i) => String(771000000000 + i * 13));
    const res = await admin.raw(`${IMPORTS_API}?kind=products&mode=apply`, {
      method: 'POST',
      body: ['upc,name,department,price', ...upcs.map((u, i) => `${u},Niced Rye ${i},bakery,3.49`)].join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(202);
    for (let i = 0; i < 400 && !during; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(during, 'the import staged a chunk').toBeDefined();
    // The worker's thread is one that was not there before; a thread never gets a higher priority than its process.
    const started = [...during!].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
    expect(started).toContain(Math.max(own, 15));
    expect(during!.get(threadId()!)).toBe(own);
  });
});

describe('IMPORT_NICE', () => {
  it('is 10 unless set, from 0 to 19; anything else stops the server with a message', () => {
    expect(parseImportNice(undefined)).toBe(10);
    expect(parseImportNice('0')).toBe(0);
    expect(parseImportNice('19')).toBe(19);
    for (const bad of ['-1', '20', 'ten', '1.5', ' 5'])
      expect(() => parseImportNice(bad)).toThrow(`IMPORT_NICE must be a whole number from 0 to 19, got "${bad}"`);
  });
});
