import { createHash } from 'node:crypto';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../db/schema';

// The products a shop list shows (a page's ids and the list's total) per catalogue version: an aisle, a filter or
// a search's shelf at a store is counted once per catalogue change, not once per shopper (docs/search.md, "Lists
// at scale"). Nothing of a visitor's own is kept (favourites are never cached) and no price: prices, sale badges
// and member prices are read fresh for every answer.

/** Selections kept per process and database: a few kilobytes each at most. */
const MAX_ENTRIES = 2000;
/**
 * A backstop beside the version on PostgreSQL, where the version and the rows are read in separate snapshots, so
 * a list read while a writer commits could be kept under the new version with the old rows. On SQLite the
 * version moves in the writing transaction itself, and the backstop only made every list count its products again
 * every 30 s: tens of milliseconds of a synchronous statement at 40k products × 100 stores (the attribute lists'
 * tail in `npm run bench scale`).
 */
export const POSTGRES_MAX_AGE_MS = 30_000;

export interface ShelfSelection {
  ids: number[];
  total: number;
}

class Selections {
  constructor(private maxAgeMs: number) {}
  private version = '';
  private entries = new Map<string, ShelfSelection & { at: number }>();
  private refreshing = new Map<string, Promise<void>>();

  /** The kept selection while it is within its age. */
  get(version: string, key: string, now = Date.now()): ShelfSelection | undefined {
    const kept = this.peek(version, key, now);
    return kept && !kept.stale ? kept.selection : undefined;
  }

  /**
   * The kept selection even past its age, and whether it is past it. On PostgreSQL every list passed its age every
   * 30 s, and each request that found it so ran the counting query itself (tens of milliseconds at 40k × 100, and
   * the requests behind them queued): the PostgreSQL lists' tail in `npm run bench scale`. Now one request
   * recounts it (`refresh`) while every request, that one included, is answered from the kept selection.
   */
  peek(version: string, key: string, now = Date.now()): { selection: ShelfSelection; stale: boolean } | undefined {
    if (version !== this.version) return undefined;
    const hit = this.entries.get(key);
    return hit && { selection: hit, stale: now - hit.at > this.maxAgeMs };
  }

  /** Counts a selection again, once however many requests ask meanwhile; kept only if its version is still current. */
  refresh(version: string, key: string, count: () => Promise<ShelfSelection>): Promise<void> {
    let running = this.refreshing.get(key);
    if (!running) {
      running = count()
        .then(
          (selection) => {
            if (version === this.version) this.set(version, key, selection);
          },
          // The kept selection stays; the next request past its age tries again.
          () => undefined,
        )
        .finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, running);
    }
    return running;
  }

  set(version: string, key: string, selection: ShelfSelection, now = Date.now()): void {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { ...selection, at: now });
  }

  get size(): number {
    return this.entries.size;
  }
}

const perDatabase = new WeakMap<Kysely<Database>, Selections>();
export function shelfSelections(db: Kysely<Database>): Selections {
  let s = perDatabase.get(db);
  if (!s) perDatabase.set(db, (s = new Selections(db.getExecutor().adapter instanceof PostgresAdapter ? POSTGRES_MAX_AGE_MS : Infinity)));
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
