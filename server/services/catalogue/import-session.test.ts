import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
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

describe("an import's database session", () => {
  it('on PostgreSQL, stages, compares and switches in without parallel workers, and gives its connection back as it came', async ({
    skip,
  }) => {
    if (server.db.dialect !== 'postgres') return skip();
    const recorder = new Recorder();
    const kysely = server.db.kysely.withPlugin(recorder);
    const shelf = await kysely
      .selectFrom('store_products')
      .innerJoin('products', 'products.id', 'store_products.product_id')
      .select(['store_products.store_id', 'products.upc'])
      .where('products.upc', 'is not', null)
      .limit(3)
      .execute();
    expect(shelf).toHaveLength(3);
    const csv = `store_id,upc,price\n${shelf.map((r) => `${r.store_id},${r.upc},1.23`).join('\n')}\n`;
    const request = {
      kind: 'store-prices' as const,
      mode: 'apply' as const,
      complete: false,
      skipInvalid: false,
      fileName: 'session.csv',
      actor: { id: 1, name: 'Test' },
    };
    const id = await createImportRow(kysely, request);
    const outcome = await runImport({ ...server.db, kysely }, { ...request, open: () => Readable.from([csv]) }, id);
    expect(outcome.status).toBe('applied');
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
