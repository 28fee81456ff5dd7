// A short-lived per-process cache for read-heavy content calls. Entries live the server's contentCacheMs
// (CONTENT_CACHE_MS, default 2000 ms), so several server processes agree again within that time after an edit; a write in this
// process clears its entries at once. Concurrent misses share one load. At most maxEntries are kept (keys
// can come from caller-chosen group ids): past that, expired entries go, then everything.

/** The lifetime `npm start` uses when CONTENT_CACHE_MS is not set. */
export const CONTENT_CACHE_MS = 2000;

export class MicroCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs = CONTENT_CACHE_MS,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 5000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    const value = load();
    if (this.entries.size >= this.maxEntries) {
      const now = this.now();
      for (const [k, e] of this.entries) if (now - e.at >= this.ttlMs) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    this.entries.set(key, { at: this.now(), value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(key?: string): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
