// Prepared statements kept by their estimated native size, the least recently used dropped first
// (docs/performance.md, "Scale"). A better-sqlite3 statement holds SQLite's compiled program outside V8's heap:
// about 12 KB for a shop list with 24 ids, 90 KB with the 500 ids of a search (measured at 40k products), and
// V8 does not count it, so a dropped statement's memory returns only at a later full GC. Keyed by count (1,000
// before), a day of varied searches (one statement per length of id list) could hold 50 MB or more.

/** A statement's native size, estimated from its text (fitted on the shop's list and search statements). */
export const statementBytes = (text: string): number => 4096 + 40 * text.length;

/** What the server keeps: a few hundred of the shop's statements. */
export const STATEMENT_CACHE_BYTES = 8 * 1024 * 1024;

export class StatementCache<S> {
  private entries = new Map<string, { statement: S; bytes: number }>();
  private total = 0;

  constructor(
    private readonly prepare: (text: string) => S,
    private readonly budget = STATEMENT_CACHE_BYTES,
  ) {}

  get(text: string): S {
    const hit = this.entries.get(text);
    if (hit) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(text);
      this.entries.set(text, hit);
      return hit.statement;
    }
    const statement = this.prepare(text);
    const bytes = statementBytes(text);
    this.entries.set(text, { statement, bytes });
    this.total += bytes;
    for (const [key, entry] of this.entries) {
      if (this.total <= this.budget || key === text) break;
      this.entries.delete(key);
      this.total -= entry.bytes;
    }
    return statement;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The estimated native bytes held. */
  get bytes(): number {
    return this.total;
  }
}
