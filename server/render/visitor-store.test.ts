import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestServer, visitorWithStore } from '../testing/harness';

// A page render reads the visitor's store from the database once: its store requirement, the choice of its home
// page, the chrome, the content slots and the shop island all take that one read (before, the store row was read
// three times for one page: once through the content cache, twice directly).

const server = useTestServer();

/** Counts the queries that read one store's row (`storeId`) while it is installed. */
class StoreReads implements KyselyPlugin {
  count = 0;
  storeId = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    // A read of one store row: a select from stores narrowed to that store's id.
    const text = JSON.stringify(node);
    if (node.kind === 'SelectQueryNode' && text.includes('"name":"stores"') && text.includes(`"value":${this.storeId}`)) this.count++;
    return node;
  }
  async transformResult<T>({ result }: { result: T }): Promise<T> {
    return result;
  }
}

describe('the visitor store of a page render', () => {
  let reads: StoreReads;
  let restore: () => void;
  beforeEach(() => {
    const db = server.app.db;
    const original = db.kysely;
    reads = new StoreReads();
    db.kysely = original.withPlugin(reads);
    restore = () => {
      db.kysely = original;
    };
  });
  afterEach(() => restore());

  // A query string of its own per request: a page-cache hit would read nothing and prove nothing.
  let n = 0;
  const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}render=${++n}`;

  it.each([
    ['the home page', 1001, '/'],
    ['the home page of a store group with its own', 1006, '/'],
    ['a page with a store requirement', 1001, '/shop'],
    ['a content page', 1001, '/recipes'],
  ])('%s reads the store once (store %i, %s)', async (_what, storeId, path) => {
    const visitor = await visitorWithStore(server.url, storeId);
    // Content answers for the other slots may be cached: start from an empty content cache.
    server.app.contentCaches.forgetAll();
    reads.count = 0;
    reads.storeId = storeId;
    const { status } = await visitor.page(fresh(path));
    expect(status).toBe(200);
    expect(reads.count).toBe(1);
  });
});
