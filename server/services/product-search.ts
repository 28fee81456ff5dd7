import type { Kysely } from 'kysely';
import type { Catalog } from '../../core/shop/catalog';
import type { ProductAttribute } from '../../core/shop/product-attributes';
import { parseQuery, searchWords } from '../../core/shop/search-vocabulary';
import type { Database } from '../db/schema';
import type { Hit } from './search-index';
import { BUILD_BATCH, bits, CatalogIndex, type Index, loadDocs } from './search-docs';
import { windowApplied } from './search-window';

export { loadDocs, newIndex } from './search-docs';

// The shop's product search (docs/search.md): an in-process index per catalogue, built once per process and
// then kept current incrementally from products.updated_at, so a product added, changed or withdrawn
// anywhere (back office, import, another server) is searchable here within REFRESH_MS, with no rebuild.
// It holds only the words (no labels, no prices): prices and names are read from the database per request.
//
// Why in-process rather than the database's full-text search: measured at 40,000 products (docs/search.md),
// it answers typo-tolerant queries in about a millisecond on both SQLite and PostgreSQL with the same ranking,
// where FTS5 trigrams and pg_trgm each rank differently and miss short-word typos. Larger deployments plug
// an external engine in behind ProductSearchEngine.

/** The longest search a shopper may send; longer is refused (400) rather than cut. */
export const SEARCH_MAX_CHARS = 200;
/** How stale the index may be: a request after this long first reads what changed (one indexed query). */
export const REFRESH_MS = 1000;
/** Changes are re-read this far back, so a writer's transaction that commits late is not skipped. */
const LOOKBACK_MS = 30_000;
/** Answers kept between index changes (at most 500 ids each: about 2 MB at most). */
const MAX_ANSWERS = 500;
/** Changed products read per statement while refreshing (bound parameters stay far below any database's limit). */
const REFRESH_BATCH = 250;
/**
 * Above this many changed products (or dead slots in the index, which a sweep would renumber at once), a refresh builds
 * a new index beside the one in use instead of changing it in place (docs/search.md, "Keeping the index current").
 * Changing 40,000 products in place took 2 s of the server's thread (each an index entry made anew, then a sweep of
 * the dead ones) while every search waited for it: the 2.4 s stall of the first price import in `npm run bench
 * catalogue`, right after a 40,000-product import. Building anew costs about half as much, in steps between which
 * the server answers, and searches meanwhile answer from the index as it was.
 */
export const REBUILD_ABOVE = 1000;
/** A catalogue this small is rebuilt while searches wait (tens of ms): its change is searchable at once, as in place. */
const WAIT_FOR_REBUILD_BELOW = 5000;
/** Lets the server answer what arrived meanwhile (better-sqlite3 answers synchronously: an await alone yields nothing). */
const yieldToServer = () => new Promise((resolve) => setImmediate(resolve));
/**
 * The longest a build runs between two rests (ms). A batch of 500 products put into the index blocked the server's
 * thread 60–146 ms at a time on a busy 2-core host right after a 40,000-product import (`npm run bench catalogue`);
 * on PostgreSQL an order's transaction waiting for the thread kept its pickup slot's row locked as long, and the
 * orders behind it queued up to 2.4 s.
 */
const BUILD_SLICE_MS = 2;
/**
 * How long a build rests after each slice (ms), on a timer. Yielding with setImmediate instead ran the next slice
 * right after each turn's I/O, so every round trip a request made to the database waited a whole slice: an order's
 * 25 statements on PostgreSQL took 8 ms more each while the index of a 40,000-product import was built (p99 329–508 ms
 * in the price import's first window; docs/performance.md, "Catalogue imports"). Resting on a timer lets the event loop
 * wait for I/O, so a request's chain of round trips goes on during each rest. Three times the slice: the build takes a
 * quarter of the thread at most (right after a 40,000-product import, that window's p99 229 and 163 ms against 234 and
 * 238 resting 2 ms, alternated), and a 40,000-product index is ready within a few seconds.
 */
const BUILD_REST_MS = 6;
const rest = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the shop needs from a search engine: the ids of one catalogue's products matching the words, best
 * first, among those carrying every one of the attributes (read from product_attributes). An external engine
 * (docs/search.md) implements the same.
 */
export interface ProductSearchEngine {
  /** Prepares whatever the engine keeps (called once a server is ready; searches wait for it otherwise). */
  warm(): Promise<void>;
  search(catalog: Catalog, forms: string[], attributes: ProductAttribute[], limit: number): Promise<number[]>;
}

/** Name and product kind first, then the head noun, the aisle, the brand; the top department barely counts. */
const BOOST = { name: 3, head: 2, kind: 3, brand: 1, department: 1.5, parent: 0.3 };
/** Fields that say what the product is; the others say where it is shelved. */
const PLACE_FIELDS = new Set(['department', 'parent']);

/** The in-process engine for one database: one index per catalogue, kept current from updated_at. */
class InProcessEngine implements ProductSearchEngine {
  private indexes = new Map<Catalog, CatalogIndex>();
  /** Changes applied within the look-back window: product id → its updated_at. */
  private applied = new Map<number, number>();
  private cursor = 0;
  private departmentsAt = 0;
  private checkedAt = 0;
  private ready: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  /** A new index being built beside the one in use (a large change): searches meanwhile use the one in use. */
  private rebuilding: Promise<void> | null = null;
  /** Answers since the index last changed: popular searches ("milk", "bananas") are ranked once per change. */
  private answers = new Map<string, number[]>();

  constructor(
    private db: Kysely<Database>,
    private waitForRebuildBelow = WAIT_FOR_REBUILD_BELOW,
    private sliceMs = BUILD_SLICE_MS,
    private restMs = BUILD_REST_MS,
  ) {}

  private async departmentsChangedAt(): Promise<number> {
    const row = await this.db
      .selectFrom('departments')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirst();
    return Number(row?.at ?? 0);
  }

  private async build(): Promise<void> {
    const started = Date.now();
    const departmentsAt = await this.departmentsChangedAt();
    const indexes = new Map<Catalog, CatalogIndex>();
    // Rows the first refreshes' look-back will read again are recorded as applied: re-indexing a freshly
    // imported catalogue a second time blocked a 40k-product server for most of a minute (`npm run bench scale`).
    // Recorded once the new index is in use (a build that fails half way leaves the index and the record as they were).
    const recent = started - 2 * LOOKBACK_MS;
    const applied = new Map<number, number>();
    let cursor = this.cursor;
    for (let after = 0, rows = await loadDocs(this.db, { after }); rows.length; rows = await loadDocs(this.db, { after })) {
      await yieldToServer();
      let sliceStart = performance.now();
      for (const r of rows) {
        if (performance.now() - sliceStart >= this.sliceMs) {
          await rest(this.restMs);
          sliceStart = performance.now();
        }
        let entry = indexes.get(r.catalog);
        if (!entry) indexes.set(r.catalog, (entry = new CatalogIndex()));
        entry.put(r.doc);
        if (r.updatedAt > recent) applied.set(r.doc.id, r.updatedAt);
        cursor = Math.max(cursor, r.updatedAt);
        after = r.doc.id;
      }
      if (rows.length < BUILD_BATCH) break;
    }
    // Built arrays keep their growth's spare room: exact copies once, then few changes a minute.
    for (const entry of indexes.values()) entry.index.compact();
    this.indexes = indexes;
    for (const [id, at] of applied) this.applied.set(id, at);
    this.answers.clear();
    this.departmentsAt = departmentsAt;
    this.cursor = Math.max(cursor, started - LOOKBACK_MS);
    this.checkedAt = Date.now();
  }

  /** What changed since the last look: products re-indexed or withdrawn, deleted ones dropped. */
  private async refresh(): Promise<void> {
    const checkStarted = Date.now();
    if ((await this.departmentsChangedAt()) !== this.departmentsAt) return this.rebuild();
    const since = this.cursor - LOOKBACK_MS;
    // Each change is applied once: the look-back window re-reads recent rows, which must not churn the index.
    for (const [id, at] of this.applied) if (at <= since) this.applied.delete(id);
    // The window's rows are usually the ones already applied: one aggregate over the updated_at index says so
    // without listing them. After an import of 40,000 products, listing them again every second for the
    // window's minute blocked a SQLite server's event loop for tens of milliseconds each time (the search tail
    // of `npm run bench scale`).
    const window = await windowApplied(this.db, since, this.applied);
    if (window.applied) {
      this.cursor = Math.max(this.cursor, checkStarted - LOOKBACK_MS);
      this.checkedAt = Date.now();
      return;
    }
    // More changes than are worth applying in place (at least the window's rows not yet applied): a new index.
    let dead = 0;
    for (const entry of this.indexes.values()) dead += entry.index.slotCount - entry.index.documentCount;
    if (window.changed - this.applied.size + dead > REBUILD_ABOVE) return this.rebuild(window.changed);
    // Which rows changed (ids and times only, from the updated_at index), then the rows not yet applied, a batch
    // at a time: an import touching 40,000 products is read once, within the database's bound-parameter limit
    // (SQLite's is 32,766), and other requests are answered between batches.
    const changed = await this.db.selectFrom('products').select(['id', 'updated_at']).where('updated_at', '>', since).execute();
    const pending = changed.filter((c) => this.applied.get(c.id) !== Number(c.updated_at)).map((c) => c.id);
    if (pending.length + dead > REBUILD_ABOVE) return this.rebuild(pending.length);
    for (let i = 0; i < pending.length; i += REFRESH_BATCH) {
      if (i) await yieldToServer(); // each batch starts with its read: the server's I/O goes on meanwhile
      this.answers.clear();
      for (const r of await loadDocs(this.db, { ids: pending.slice(i, i + REFRESH_BATCH) })) {
        this.applied.set(r.doc.id, r.updatedAt);
        for (const [catalog, entry] of this.indexes) if (catalog !== r.catalog) entry.drop(r.doc.id);
        let entry = this.indexes.get(r.catalog);
        if (!entry) this.indexes.set(r.catalog, (entry = new CatalogIndex()));
        if (r.active) entry.put(r.doc);
        else entry.drop(r.doc.id);
        this.cursor = Math.max(this.cursor, r.updatedAt);
      }
    }
    // Deleted rows leave no updated_at and may stay in the index: harmless, as every list and suggestion reads
    // the found ids' rows from the table (a deleted one is simply not there). The back office withdraws
    // products (active = 0, above) rather than deleting them, as orders keep referring to them.
    this.cursor = Math.max(this.cursor, checkStarted - LOOKBACK_MS);
    this.checkedAt = Date.now();
  }

  /**
   * A new index built beside the one in use, which searches go on using until it is done (at most a few seconds
   * behind: the change is searchable once it ends), unless the index with `changed` more products stays below
   * waitForRebuildBelow. A failed build leaves the one in use; the next refresh tries again.
   */
  private rebuild(changed = 0): Promise<void> {
    // The build's size is the index after the change (the changed rows may all be new products): a small catalogue
    // that an import grows by 40,000 products is not small to build. Waiting on the index before the change held
    // the first search after such an import for 2.5 s, and the server's other answers behind the build's steps
    // (the first window of the price import in `npm run bench catalogue`).
    let documents = changed;
    for (const entry of this.indexes.values()) documents += entry.index.documentCount;
    this.rebuilding ??= this.build()
      .catch(() => undefined)
      .finally(() => (this.rebuilding = null));
    return documents < this.waitForRebuildBelow ? this.rebuilding : Promise.resolve();
  }

  /** Builds the indexes now (a server starts this when it is ready, so no shopper waits for it). */
  warm(): Promise<void> {
    return this.current('grocery').then(() => undefined);
  }

  private async current(catalog: Catalog): Promise<Index | null> {
    if (!this.ready) {
      this.ready = this.build();
      this.ready.catch(() => (this.ready = null));
    }
    await this.ready;
    if (!this.rebuilding && Date.now() - this.checkedAt >= REFRESH_MS) {
      this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
      await this.refreshing;
    }
    return this.indexes.get(catalog)?.index ?? null;
  }

  /**
   * Best first. Each form of the query (the shelf's words for a known phrase, then the shopper's) is searched
   * exactly, the last word also as a prefix; only when nothing matches exactly are typos forgiven, then any
   * word. So "milk" never reaches "Old Mill", and "coke" finds cola before it could become "cake".
   */
  private ranked(index: Index, forms: string[], mask: number, prefix: boolean): Hit[] {
    const filter = mask ? (attrs: number) => (attrs & mask) === mask : undefined;
    const last = (term: string, i: number, terms: string[]) => prefix && i === terms.length - 1 && term.length >= 2;
    const run = (fuzzy: boolean, combineWith: 'AND' | 'OR') => {
      const seen = new Set<number>();
      const out: Hit[] = [];
      for (const form of forms) {
        const results = index.search(form, {
          boost: BOOST,
          combineWith,
          filter,
          prefix: last,
          fuzzy: fuzzy ? (term: string) => (term.length <= 3 ? 0 : term.length <= 5 ? 1 : 2) : false,
        });
        // "bread" → the Bread aisle's sourdough; "bananas" → not the avocados of Bananas & Tropical; "eggs" →
        // not all of Dairy & Eggs.
        const words = new Set(searchWords(form));
        const namedCache = new Map<unknown, boolean>();
        const named = (title: unknown) => {
          let hit = namedCache.get(title);
          if (hit === undefined) {
            const t = searchWords(String(title ?? ''));
            namedCache.set(title, (hit = t.length === words.size && t.every((w) => words.has(w))));
          }
          return hit;
        };
        /** Every asked word is in the aisle's name ("dairy" → Dairy & Eggs). */
        const within = (title: unknown) => [...words].every((w) => searchWords(String(title ?? '')).includes(w));
        const what = results.map((r) => {
          let byWhat = false;
          let byHead = false;
          for (const term in r.match)
            for (const f of r.match[term]) {
              if (!PLACE_FIELDS.has(f)) byWhat = true;
              // Whole words only: "eggs" names Eggs, not Eggplant (a prefix match).
              if (f === 'head' && words.has(term)) byHead = true;
            }
          const inAisle = named(r.department) || named(r.parent);
          return { r, byWhat, isThe: byHead || inAisle, inAisle: inAisle || within(r.department) || within(r.parent) };
        });
        const anyByWhat = what.some((w) => w.byWhat);
        const anyIsThe = what.some((w) => w.isThe);
        // The thing itself, when the words name one: "milk" is Whole Milk, oat milk and the Milk aisle's Half &
        // Half (head noun, kind, aisle), not Milk Chocolate Bar; "bananas" is bananas, not Banana Nut Muffins
        // ("banana muffins" finds those). Otherwise everything matching by what it is, and a product found only
        // by where it is shelved only if its aisle is named for exactly what was asked.
        // "dairy": the Dairy & Eggs aisle first, then what merely says dairy (Non-Dairy Milk).
        const kept = anyIsThe
          ? what.filter((w) => w.isThe)
          : [...what.filter((w) => w.inAisle), ...what.filter((w) => !w.inAisle && (!anyByWhat || w.byWhat))];
        for (const { r } of kept) {
          if (seen.has(r.id)) continue;
          seen.add(r.id);
          out.push(r);
        }
      }
      return out;
    };
    for (const [fuzzy, combine] of [
      [false, 'AND'],
      [true, 'AND'],
      [true, 'OR'],
    ] as const) {
      const found = run(fuzzy, combine);
      if (found.length) return found;
    }
    return [];
  }

  async search(catalog: Catalog, forms: string[], attributes: ProductAttribute[], limit: number): Promise<number[]> {
    const index = await this.current(catalog);
    if (!index) return [];
    const key = JSON.stringify([catalog, forms, bits(attributes), limit]);
    let ids = this.answers.get(key);
    if (!ids) {
      ids = this.ranked(index, forms, bits(attributes), true)
        .slice(0, limit)
        .map((r) => r.id);
      if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
      this.answers.set(key, ids);
    }
    return ids;
  }
}

/**
 * An engine of its own (tests): `waitForRebuildBelow` documents, below which searches wait for a rebuild; `sliceMs`,
 * the longest a build runs between rests; `restMs`, each rest.
 */
export const inProcessEngine = (
  db: Kysely<Database>,
  options: { waitForRebuildBelow?: number; sliceMs?: number; restMs?: number } = {},
): ProductSearchEngine => new InProcessEngine(db, options.waitForRebuildBelow, options.sliceMs, options.restMs);

const engines = new WeakMap<Kysely<Database>, ProductSearchEngine>();
/** The search engine of a database connection (one per process and database). */
export function productSearchEngine(db: Kysely<Database>): ProductSearchEngine {
  let engine = engines.get(db);
  if (!engine) engines.set(db, (engine = new InProcessEngine(db)));
  return engine;
}

/** Whether the query has letters or digits (else the caller matches it literally: '%' finds "100%"). */
export const hasWords = (q: string): boolean => /[\p{L}\p{N}]/u.test(q);

export interface Found {
  /** The matching products, best first; absent when the query only named attributes ("organic"). */
  ids?: number[];
  /** Attributes the query named, to filter the list by. */
  attributes: ProductAttribute[];
}

/** What a shopper's words find in a catalogue (the caller lists, filters and prices them). */
export async function findProducts(db: Kysely<Database>, catalog: Catalog, q: string, limit = 500): Promise<Found> {
  const { forms, attributes } = parseQuery(q);
  if (forms.length) return { ids: await productSearchEngine(db).search(catalog, forms, attributes, limit), attributes };
  // Only joining words ("the"): nothing; only attributes: every product carrying them.
  return attributes.length ? { attributes } : { ids: [], attributes };
}

/** Suggestions as the shopper types: the best few product names. */
export async function suggestProducts(
  db: Kysely<Database>,
  catalog: Catalog,
  q: string,
  limit = 8,
): Promise<Array<{ id: number; name: string }>> {
  const found = await findProducts(db, catalog, q, limit);
  let query = db.selectFrom('products').select(['id', 'name']).where('catalog', '=', catalog).where('active', '=', 1);
  if (found.ids) {
    if (!found.ids.length) return [];
    const rows = await query.where('id', 'in', found.ids).execute();
    const names = new Map(rows.map((r) => [r.id, r.name]));
    return found.ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
  }
  for (const attribute of found.attributes)
    query = query.where('id', 'in', (eb) => eb.selectFrom('product_attributes').select('product_id').where('attribute', '=', attribute));
  return query.orderBy('name').orderBy('id').limit(limit).execute();
}
