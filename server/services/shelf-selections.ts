import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The products a shop list shows (a page's ids and the list's total) per catalogue version: an aisle, a filter or
// a search's shelf at a store is counted once per catalogue change, not once per shopper (docs/search.md, "Lists
// at scale"). Nothing of a visitor's own is kept (favourites are never cached) and no price: prices, sale badges
// and member prices are read fresh for every answer.
//
// No age limit, on either database: the version moves when the writing transaction commits (SQLite's counter in
// the writer's transaction, PostgreSQL's page_cache_bumps row, migration 520), and a list reads the version before
// its rows, so rows kept under a version are never older than it. PostgreSQL had a 30 s backstop from when its
// version moved before the commit; it only made every list count itself again every 30 s, which at 40k × 100 put
// the price order's recount (5,000 shelf rows sorted by the charged price, 22,000 buffers, two cores with a
// parallel worker) in the way of the other answers: the price order's tail in `npm run bench scale`.

/** Selections kept per process and database: a few kilobytes each at most. */
const MAX_ENTRIES = 2000;

export interface ShelfSelection {
  ids: number[];
  total: number;
}

class Selections {
  private version = '';
  private entries = new Map<string, ShelfSelection>();
  /** Counts under way, by version and key: requests asking for the same uncounted list meanwhile share one. */
  private counting = new Map<string, Promise<ShelfSelection>>();

  /** The selection kept under this version. */
  get(version: string, key: string): ShelfSelection | undefined {
    return version === this.version ? this.entries.get(key) : undefined;
  }

  /**
   * The kept selection, else `count`'s (then kept). After the version moves, every request for a popular list
   * finds it uncounted; they wait for one count rather than each running its own (at 100 req/s a price order's
   * count is over before a dozen of them would have started theirs).
   */
  kept(version: string, key: string, count: () => Promise<ShelfSelection>): Promise<ShelfSelection> {
    const hit = this.get(version, key);
    if (hit) return Promise.resolve(hit);
    const id = `${version}\n${key}`;
    let running = this.counting.get(id);
    if (!running) {
      const before = this.version;
      running = count()
        .then((selection) => {
          // Not kept if a newer version's list was kept meanwhile (that would drop the newer ones).
          if (this.version === before || this.version === version) this.set(version, key, selection);
          return selection;
        })
        // A failed count is not kept: each waiting request answers its error, the next one counts again.
        .finally(() => this.counting.delete(id));
      this.counting.set(id, running);
    }
    return running;
  }

  set(version: string, key: string, selection: ShelfSelection): void {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, selection);
  }

  get size(): number {
    return this.entries.size;
  }
}

const perDatabase = new WeakMap<Kysely<Database>, Selections>();
export function shelfSelections(db: Kysely<Database>): Selections {
  let s = perDatabase.get(db);
  if (!s) perDatabase.set(db, (s = new Selections()));
  return s;
}
/** What decides which products a list shows (the fields of the shop's ProductQuery, server/services/products.ts). */
export interface SelectionQuery {
  storeId: number;
  catalog: string;
  department?: number;
  q?: string;
  attributes?: readonly string[];
  ids?: readonly number[];
  sort: string;
  page: number;
  perPage: number;
  available?: boolean;
  onSale?: boolean;
  minPrice?: number;
  maxPrice?: number;
}

/** Everything that decides which products a list shows, and in which order (the day decides what is on sale). */
export function selectionKey(query: SelectionQuery, day: string): string {
  const ids = query.ids ? createHash('sha1').update(query.ids.join(',')).digest('base64') : '';
  return JSON.stringify([
    day,
    query.storeId,
    query.catalog,
    query.department ?? null,
    query.q ?? null,
    [...new Set(query.attributes ?? [])].sort(),
    ids,
    query.sort,
    query.page,
    query.perPage,
    query.available ?? false,
    query.onSale ?? false,
    query.minPrice ?? null,
    query.maxPrice ?? null,
  ]);
}
