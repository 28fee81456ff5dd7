import { once } from 'node:events';
import { type AddressInfo, createServer, connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { startTestServer, type TestServer } from '../testing/harness';
import { inProcessEngine, productSearchEngine, REBUILD_ABOVE, REFRESH_MS } from './product-search';

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

  // A change larger than REBUILD_ABOVE is built into a new index beside the one in use (docs/search.md, "Keeping the
  // index current"): in place, 40,000 changed products held every search for 2.4 s (`npm run bench catalogue`).
  const touchMany = async (db: typeof server.db.kysely, now: number, word: string) => {
    const ids = (
      await db
        .selectFrom('products')
        .select('id')
        .where('catalog', '=', 'grocery')
        .where('active', '=', 1)
        .orderBy('id')
        .limit(REBUILD_ABOVE + 1)
        .execute()
    ).map((r) => r.id);
    expect(ids).toHaveLength(REBUILD_ABOVE + 1);
    await db.updateTable('products').set({ updated_at: now }).where('id', 'in', ids).execute();
    await db
      .updateTable('products')
      .set({ name: `${word} Rice Crackers` })
      .where('id', '=', ids[7])
      .execute();
    return ids[7];
  };

  it('answers searches from the index in use while a large change is built beside it, then from the new one', async () => {
    const db = server.db.kysely.withPlugin(new RowCounter());
    // As on a large catalogue: searches never wait for a rebuild.
    const engine = inProcessEngine(db, { waitForRebuildBelow: 0 });
    await engine.warm();
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.now() + 2 * REFRESH_MS;
    vi.setSystemTime(now);
    const renamed = await touchMany(db, now, 'Numbat');
    // The change is not in the index in use yet: the search answers at once rather than waiting for the build.
    expect(await engine.search('grocery', ['numbat'], [], 10)).not.toContain(renamed);
    let found: number[] = [];
    for (let i = 0; i < 500 && !found.includes(renamed); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      now += REFRESH_MS + 1;
      vi.setSystemTime(now);
      found = await engine.search('grocery', ['numbat'], [], 10);
    }
    expect(found[0]).toBe(renamed);
    // Built once: the next refreshes find the window applied and do not build again.
    now += REFRESH_MS + 1;
    vi.setSystemTime(now);
    expect((await engine.search('grocery', ['numbat'], [], 10))[0]).toBe(renamed);
  });

  it('on a small catalogue, waits for the rebuild (tens of ms), so a large change is searchable at once', async () => {
    const db = server.db.kysely.withPlugin(new RowCounter());
    const engine = inProcessEngine(db);
    await engine.warm();
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.now() + 2 * REFRESH_MS;
    vi.setSystemTime(now);
    const renamed = await touchMany(db, now, 'Quoll');
    expect((await engine.search('grocery', ['quoll'], [], 10))[0]).toBe(renamed);
  });

  it('does not wait for a rebuild that the change itself makes large (an import adding thousands of products)', async () => {
    const db = server.db.kysely.withPlugin(new RowCounter());
    // A catalogue below the wait limit before the change, above it with the change's rows (which may all be new):
    // the first search after a 40,000-product import waited 2.5 s for the build (`npm run bench catalogue`).
    const { n } = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const engine = inProcessEngine(db, { waitForRebuildBelow: Number(n) + REBUILD_ABOVE / 2 });
    await engine.warm();
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.now() + 2 * REFRESH_MS;
    vi.setSystemTime(now);
    const renamed = await touchMany(db, now, 'Dunnart');
    expect(await engine.search('grocery', ['dunnart'], [], 10)).not.toContain(renamed);
    let found: number[] = [];
    for (let i = 0; i < 500 && !found.includes(renamed); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      now += REFRESH_MS + 1;
      vi.setSystemTime(now);
      found = await engine.search('grocery', ['dunnart'], [], 10);
    }
    expect(found[0]).toBe(renamed);
  });

  it('builds in slices of time, the server answering between them, not only between batches of 500 products', async () => {
    const { n } = await server.db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(1000);
    // A slice of 0 ms yields before every product: other work (a tick here) runs hundreds of times during the build.
    const engine = inProcessEngine(server.db.kysely, { sliceMs: 0, restMs: 1 });
    let ticks = 0;
    let building = true;
    const tick = () => {
      ticks++;
      if (building) setImmediate(tick);
    };
    setImmediate(tick);
    await engine.warm();
    building = false;
    expect(ticks).toBeGreaterThan(Number(n) / 2);
  });

  it("rests between slices, so a request's round trips to the database go on while it builds", async () => {
    // A loopback echo stands in for PostgreSQL. Yielding with setImmediate, the next slice ran after each turn's
    // I/O, so a chain of round trips made at most one every slice or two: an order's 25 statements waited 25 slices.
    const echo = createServer((s) => s.on('data', (d) => s.write(d)));
    echo.listen(0, '127.0.0.1');
    await once(echo, 'listening');
    const socket = connect((echo.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    const active = Number(
      (
        await server.db.kysely
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('active', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    // A slice of 0 ms rests before every product: about one rest a product.
    const engine = inProcessEngine(server.db.kysely, { sliceMs: 0, restMs: 1 });
    let trips = 0;
    let building = true;
    const chain = (async () => {
      while (building) {
        socket.write('x');
        await once(socket, 'data');
        trips++;
      }
    })();
    await engine.warm();
    building = false;
    await chain;
    socket.destroy();
    echo.close();
    expect(trips).toBeGreaterThan(active);
  });
});
