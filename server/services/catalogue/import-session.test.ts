import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Db } from '../../db/connection';
import { observeStatements } from '../../db/observe';
import { useTestServer } from '../../testing/harness';
import { createImportRow, IMPORT_SESSION_SETTINGS, runImport } from './import';

// An import's own PostgreSQL session runs without parallel workers (import.ts): with them, the difference's counts
// and each index of a new shelf took three processes of a 2-core database host, and shoppers' queries waited for a
// core (docs/imports.md, "Shoppers are not blocked").

/** The text of every raw statement run through one Kysely instance (the import's are all raw). */
class Recorder implements KyselyPlugin {
  statements: string[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === 'RawNode') this.statements.push(args.node.sqlFragments.join('?'));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const server = useTestServer();

/** Applies a price file that gives three shelf rows of the seed a new price, through `db` (a recording one, say). */
async function repriceThree(db: Db, price: string): Promise<{ status: string }> {
  const shelf = await db.kysely
    .selectFrom('store_products')
    .innerJoin('products', 'products.id', 'store_products.product_id')
    .select(['store_products.store_id', 'products.upc'])
    .where('products.upc', 'is not', null)
    .limit(3)
    .execute();
  expect(shelf).toHaveLength(3);
  const csv = `store_id,upc,price\n${shelf.map((r) => `${r.store_id},${r.upc},${price}`).join('\n')}\n`;
  const request = {
    kind: 'store-prices' as const,
    mode: 'apply' as const,
    complete: false,
    skipInvalid: false,
    fileName: `reprice-${price}.csv`,
    actor: { id: 1, name: 'Test' },
  };
  const id = await createImportRow(db.kysely, request);
  return runImport(db, { ...request, open: () => Readable.from([csv]) }, id);
}

describe("an import's database session", () => {
  it('on PostgreSQL, stages, compares and switches in without parallel workers, and gives its connection back as it came', async ({
    skip,
  }) => {
    if (server.db.dialect !== 'postgres') return skip();
    const recorder = new Recorder();
    const kysely = server.db.kysely.withPlugin(recorder);
    expect((await repriceThree({ ...server.db, kysely }, '1.23')).status).toBe('applied');
    const at = (text: string) => recorder.statements.findIndex((s) => s.startsWith(text));
    const staging = at('CREATE TEMP TABLE');
    const switched = recorder.statements.findIndex((s, i) => i > staging && s.startsWith('UPDATE store_products'));
    expect(staging).toBeGreaterThan(0);
    expect(switched).toBeGreaterThan(staging);
    for (const [name, value] of Object.entries(IMPORT_SESSION_SETTINGS)) {
      expect(value).toBe('0');
      expect(at(`SET ${name} = 0`)).toBeGreaterThan(-1);
      expect(at(`SET ${name} = 0`)).toBeLessThan(staging);
      expect(recorder.statements.findIndex((s) => s === `RESET ${name}`)).toBeGreaterThan(switched);
    }
  });
});

describe("a large price file's chunked statements", () => {
  it('are prepared once each, their bounds bound as parameters, however many chunks the shelf takes', async () => {
    // Built beside the shelf whatever its size; the shelf (the seed's) takes several copying and dropping chunks.
    process.env.IMPORT_SWAP_ABOVE = '0';
    const seen: string[] = [];
    observeStatements({ statement: (_ms, text) => seen.push(text), poolWait: () => undefined });
    try {
      expect((await repriceThree(server.db, '2.34')).status).toBe('applied');
    } finally {
      observeStatements(null);
      delete process.env.IMPORT_SWAP_ABOVE;
    }
    const runs = (prefix: string) => seen.filter((s) => s.startsWith(prefix));
    // The chunks, not the switch-in's two statements over the keys touched meanwhile.
    const copying = runs('INSERT INTO store_products_next').filter((s) => s.includes('.rowid > '));
    const dropping = runs('DELETE FROM store_products_old');
    if (server.db.dialect === 'sqlite') {
      // More chunks than statements: each chunk ran the same text (before, each one's rowids were written into it).
      expect(copying.length).toBeGreaterThan(4);
      expect(dropping.length).toBeGreaterThan(2);
    }
    expect(new Set(copying).size, [...new Set(copying)].join('\n')).toBeLessThanOrEqual(2);
    expect(new Set(dropping).size, [...new Set(dropping)].join('\n')).toBeLessThanOrEqual(1);
  });
});
