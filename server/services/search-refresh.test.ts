import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { startTestServer, type TestServer } from '../testing/harness';
import { productSearchEngine, REFRESH_MS } from './product-search';

// The search index follows catalogue changes by re-reading a look-back window of recently changed rows once a
// second (docs/search.md, "Keeping the index current"). After a large import every row of it sits in that window
// for a minute: listing them again each second blocked a SQLite server's event loop for tens of milliseconds a
// time at 40,000 products (the search tail of `npm run bench scale`). Once applied, a change costs one aggregate
// row per refresh, on both databases.

/** Counts the rows every statement of one Kysely instance returns. */
class RowCounter implements KyselyPlugin {
  rows = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.rows += args.result.rows.length;
    return args.result;
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

describe('search index refresh', () => {
  it('reads a changed product once, not again every second while it is in the look-back window', async () => {
    const counter = new RowCounter();
    // An engine of its own (one per Kysely instance), reading through the counter.
    const db = server.db.kysely.withPlugin(counter);
    const engine = productSearchEngine(db);
    await engine.warm();
    const ids = (
      await db.selectFrom('products').select('id').where('catalog', '=', 'grocery').where('active', '=', 1).limit(300).execute()
    ).map((r) => r.id);
    expect(ids).toHaveLength(300);

    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.now() + 2 * REFRESH_MS;
    vi.setSystemTime(now);
    // An import touches 300 products (renaming one, so the search shows it was applied).
    await db.updateTable('products').set({ updated_at: now }).where('id', 'in', ids).execute();
    await db.updateTable('products').set({ name: 'Quokka Crisp Crackers' }).where('id', '=', ids[0]).execute();
    const search = () => engine.search('grocery', ['quokka'], [], 10);

    counter.rows = 0;
    expect(await search()).toEqual([ids[0]]);
    expect(counter.rows).toBeGreaterThanOrEqual(300);

    // The next refreshes, still inside the window: the 300 rows are not listed again.
    for (let i = 0; i < 3; i++) {
      now += REFRESH_MS + 1;
      vi.setSystemTime(now);
      counter.rows = 0;
      expect(await search()).toEqual([ids[0]]);
      expect(counter.rows).toBeLessThan(10);
    }

    // A change inside the window to a product already applied is still seen.
    now += REFRESH_MS + 1;
    vi.setSystemTime(now);
    await db.updateTable('products').set({ name: 'Wombat Crisp Crackers', updated_at: now }).where('id', '=', ids[1]).execute();
    now += REFRESH_MS + 1;
    vi.setSystemTime(now);
    expect(await engine.search('grocery', ['wombat'], [], 10)).toEqual([ids[1]]);
  });
});
