import SearchableMap from 'minisearch/SearchableMap';

// The shop's in-process search index in compact form (docs/search.md, "Memory"). It ranks exactly as MiniSearch
// does (BM25+ per field with boosts, exact then prefix then fuzzy terms from the same radix tree, AND/OR), which
// search-index.test.ts checks against MiniSearch itself, but keeps no object per document or per posting:
// MiniSearch's Map per term and field, array per document and stored-fields object per document took 35 MB of
// heap at 40,000 products (and about twice that in RSS once V8's headroom is counted); this takes a few MB.
//
// Layout: the term dictionary is MiniSearch's SearchableMap (term → term number), so prefix and typo lookups
// walk the same tree; a term's postings for one field are one array of small integers (document slot × 16 +
// the term's count in the field, capped at 15), in the order documents were added; per-document figures live
// in typed arrays indexed by slot. A changed document gets a new slot; the old slot is dead and its postings
// are dropped when a search meets them, or all at once when a tenth of the slots are dead.

const FREQ_BITS = 4;
const FREQ_MAX = (1 << FREQ_BITS) - 1;
/** MiniSearch's defaults (BM25+ parameters, weights of prefix and fuzzy matches). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** Dead slots are swept in one pass once there are this many and they are a tenth of all (MiniSearch's rule). */
const MIN_DIRT = 20;
const MIN_DIRT_FACTOR = 0.1;

export interface IndexDoc<F extends string> {
  id: number;
  /** Shelf names kept for the ranking's checks (department and its parent), and the attribute bits. */
  department: string;
  parent: string;
  attrs: number;
  text: Record<F, string>;
}

export interface Hit {
  id: number;
  score: number;
  /** Matched index term → the fields it matched in (MiniSearch's `match`). */
  match: Record<string, string[]>;
  department: string;
  parent: string;
  attrs: number;
}

export interface IndexSearchOptions {
  boost: Record<string, number>;
  combineWith: 'AND' | 'OR';
  /** Whether a query term also matches as a prefix. */
  prefix: (term: string, i: number, terms: string[]) => boolean;
  /** Edit distance allowed for a query term (0: none), or false. */
  fuzzy: false | ((term: string, i: number, terms: string[]) => number);
  filter?: (attrs: number) => boolean;
}

interface Pending {
  score: number;
  terms: string[];
  match: Record<string, string[]>;
}

const bm25 = (freq: number, matching: number, total: number, length: number, avgLength: number) =>
  Math.log(1 + (total - matching + 0.5) / (matching + 0.5)) *
  (BM25.d + (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / avgLength)));

const addUnique = (target: string[], terms: string[]) => {
  for (const t of terms) if (!target.includes(t)) target.push(t);
};

function grow<T extends Int32Array | Uint16Array>(array: T, size: number, make: (n: number) => T): T {
  if (array.length >= size) return array;
  const next = make(Math.max(size, array.length * 2, 64));
  next.set(array);
  return next;
}

export class CompactSearchIndex<F extends string> {
  private readonly nFields: number;
  private terms = new SearchableMap<number>();
  /** Term number → the term (to drop it from the tree when its postings empty). */
  private termNames: Array<string | undefined> = [];
  private freeTerms: number[] = [];
  /** Terms left without postings during a search: dropped from the tree after it (not while walking it). */
  private emptied: number[] = [];
  /** Term number × fields + field → postings (slot × 16 + count). */
  private postings: Array<number[] | undefined> = [];
  /** Slot → product id (-1: dead). */
  private slotIds = new Int32Array(0);
  private slotOf = new Map<number, number>();
  /** Slot × fields + field → the field's distinct term count (MiniSearch's field length). */
  private fieldLengths = new Uint16Array(0);
  private departments = new Uint16Array(0);
  private parents = new Uint16Array(0);
  private attrBits = new Int32Array(0);
  /** Shelf names, each stored once (a few hundred aisles for 40,000 products). */
  private places: string[] = [];
  private placeNo = new Map<string, number>();
  private avgLength: Float64Array;
  private count = 0;
  private nextSlot = 0;
  private dirt = 0;

  constructor(
    private readonly fields: readonly F[],
    private readonly tokenize: (text: string) => string[],
    private readonly searchTokenize: (text: string) => string[],
  ) {
    this.nFields = fields.length;
    this.avgLength = new Float64Array(fields.length);
  }

  get documentCount(): number {
    return this.count;
  }

  /** Slots in use, dead ones included (a vacuum gives the dead back). */
  get slotCount(): number {
    return this.nextSlot;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  private place(name: string): number {
    let no = this.placeNo.get(name);
    if (no === undefined) {
      no = this.places.length;
      if (no > 0xffff) throw new Error('more than 65,536 shelf names');
      this.places.push(name);
      this.placeNo.set(name, no);
    }
    return no;
  }

  add(doc: IndexDoc<F>): void {
    if (this.slotOf.has(doc.id)) throw new Error(`search index: duplicate id ${doc.id}`);
    const slot = this.nextSlot++;
    if (slot >= 2 ** (31 - FREQ_BITS)) throw new Error('search index: too many slots');
    const size = slot + 1;
    this.slotIds = grow(this.slotIds, size, (n) => new Int32Array(n));
    this.fieldLengths = grow(this.fieldLengths, size * this.nFields, (n) => new Uint16Array(n));
    this.departments = grow(this.departments, size, (n) => new Uint16Array(n));
    this.parents = grow(this.parents, size, (n) => new Uint16Array(n));
    this.attrBits = grow(this.attrBits, size, (n) => new Int32Array(n));
    this.slotIds[slot] = doc.id;
    this.slotOf.set(doc.id, slot);
    this.departments[slot] = this.place(doc.department);
    this.parents[slot] = this.place(doc.parent);
    this.attrBits[slot] = doc.attrs;
    this.count++;
    for (let f = 0; f < this.nFields; f++) {
      const tokens = this.tokenize(doc.text[this.fields[f]]);
      const length = new Set(tokens).size;
      this.fieldLengths[slot * this.nFields + f] = Math.min(length, 0xffff);
      const before = this.count - 1;
      this.avgLength[f] = (this.avgLength[f] * before + length) / (before + 1);
      for (const term of tokens) if (term) this.addTerm(f, slot, term);
    }
  }

  private addTerm(f: number, slot: number, term: string): void {
    let no = this.terms.get(term);
    if (no === undefined) {
      no = this.freeTerms.pop() ?? this.termNames.length;
      this.termNames[no] = term;
      this.terms.set(term, no);
    }
    const at = no * this.nFields + f;
    const list = this.postings[at];
    const entry = slot << FREQ_BITS;
    if (!list) this.postings[at] = [entry + 1];
    else {
      const last = list[list.length - 1];
      // Within one document's add its slot is the newest, so a repeated term is always the last entry.
      if (last >> FREQ_BITS === slot) {
        if ((last & FREQ_MAX) < FREQ_MAX) list[list.length - 1] = last + 1;
      } else list.push(entry + 1);
    }
  }

  discard(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.slotIds[slot] = -1;
    for (let f = 0; f < this.nFields; f++) {
      const length = this.fieldLengths[slot * this.nFields + f];
      this.avgLength[f] = this.count === 1 ? 0 : (this.avgLength[f] * this.count - length) / (this.count - 1);
    }
    this.count--;
    this.dirt++;
    if (this.dirt >= MIN_DIRT && this.dirt / (1 + this.count + this.dirt) >= MIN_DIRT_FACTOR) this.vacuum();
  }

  replace(doc: IndexDoc<F>): void {
    this.discard(doc.id);
    this.add(doc);
  }

  /** Postings without dead slots; the term leaves the tree when it has none left. */
  private clean(no: number): void {
    let any = false;
    for (let f = 0; f < this.nFields; f++) {
      const at = no * this.nFields + f;
      const list = this.postings[at];
      if (!list) continue;
      const live = list.filter((e) => this.slotIds[e >> FREQ_BITS] >= 0);
      this.postings[at] = live.length ? live : undefined;
      if (live.length) any = true;
    }
    if (!any) this.emptied.push(no);
  }

  private dropEmptied(): void {
    for (const no of this.emptied) {
      this.terms.delete(this.termNames[no]!);
      this.termNames[no] = undefined;
      this.freeTerms.push(no);
    }
    this.emptied = [];
  }

  /** Drops every dead slot's postings now. */
  vacuum(): void {
    for (let no = 0; no < this.termNames.length; no++) if (this.termNames[no] !== undefined) this.clean(no);
    this.dropEmptied();
    this.renumber();
    this.dirt = 0;
  }

  /**
   * Live documents take the first slots again, in the order they were added (so ties rank as before): slots
   * only grow otherwise, and a server whose imports change 40,000 products a day would keep growing arrays.
   */
  private renumber(): void {
    const live = this.count;
    const next = new Int32Array(this.nextSlot).fill(-1);
    const ids = new Int32Array(live);
    const lengths = new Uint16Array(live * this.nFields);
    const departments = new Uint16Array(live);
    const parents = new Uint16Array(live);
    const attrs = new Int32Array(live);
    let to = 0;
    for (let slot = 0; slot < this.nextSlot; slot++) {
      const id = this.slotIds[slot];
      if (id < 0) continue;
      next[slot] = to;
      ids[to] = id;
      lengths.set(this.fieldLengths.subarray(slot * this.nFields, (slot + 1) * this.nFields), to * this.nFields);
      departments[to] = this.departments[slot];
      parents[to] = this.parents[slot];
      attrs[to] = this.attrBits[slot];
      this.slotOf.set(id, to);
      to++;
    }
    for (let i = 0; i < this.postings.length; i++) {
      const list = this.postings[i];
      if (list) this.postings[i] = list.map((e) => (next[e >> FREQ_BITS] << FREQ_BITS) | (e & FREQ_MAX));
    }
    this.slotIds = ids;
    this.fieldLengths = lengths;
    this.departments = departments;
    this.parents = parents;
    this.attrBits = attrs;
    this.nextSlot = live;
  }

  /** Copies each postings array to its exact length (a built array keeps the spare room of its growth). */
  compact(): void {
    for (let i = 0; i < this.postings.length; i++) {
      const list = this.postings[i];
      if (list) this.postings[i] = list.slice();
    }
  }

  private termResults(
    source: string,
    derived: string,
    weight: number,
    no: number,
    boost: Record<string, number>,
    results: Map<number, Pending>,
  ): void {
    for (let f = 0; f < this.nFields; f++) {
      let list = this.postings[no * this.nFields + f];
      if (!list) continue;
      if (this.dirt && list.some((e) => this.slotIds[e >> FREQ_BITS] < 0)) {
        this.clean(no);
        list = this.postings[no * this.nFields + f];
        if (!list) continue;
      }
      const field = this.fields[f];
      const fieldWeight = weight * (boost[field] || 1);
      const avg = this.avgLength[f];
      for (const entry of list) {
        const slot = entry >> FREQ_BITS;
        const raw = bm25(entry & FREQ_MAX, list.length, this.count, this.fieldLengths[slot * this.nFields + f], avg);
        const score = fieldWeight * raw;
        const result = results.get(slot);
        if (result) {
          result.score += score;
          addUnique(result.terms, [source]);
          const match = result.match[derived];
          if (match) match.push(field);
          else result.match[derived] = [field];
        } else {
          const match: Record<string, string[]> = Object.create(null);
          match[derived] = [field];
          results.set(slot, { score, terms: [source], match });
        }
      }
    }
  }

  private termQuery(term: string, fuzzy: number, prefix: boolean, boost: Record<string, number>): Map<number, Pending> {
    const results = new Map<number, Pending>();
    const exact = this.terms.get(term);
    if (exact !== undefined) this.termResults(term, term, 1, exact, boost, results);
    const fuzzyMatches = fuzzy ? this.terms.fuzzyGet(term, fuzzy) : undefined;
    if (prefix) {
      for (const [t, no] of this.terms.atPrefix(term)) {
        const distance = t.length - term.length;
        if (!distance) continue;
        fuzzyMatches?.delete(t);
        this.termResults(term, t, (PREFIX_WEIGHT * t.length) / (t.length + 0.3 * distance), no, boost, results);
      }
    }
    if (fuzzyMatches)
      for (const [t, [no, distance]] of fuzzyMatches) {
        if (!distance) continue;
        this.termResults(term, t, (FUZZY_WEIGHT * t.length) / (t.length + distance), no, boost, results);
      }
    return results;
  }

  /** Best first, as MiniSearch's search with the same options. */
  search(query: string, options: IndexSearchOptions): Hit[] {
    const terms = this.searchTokenize(query).filter(Boolean);
    const parts = terms.map((term, i) =>
      this.termQuery(term, options.fuzzy ? options.fuzzy(term, i, terms) : 0, options.prefix(term, i, terms), options.boost),
    );
    this.dropEmptied();
    if (!parts.length) return [];
    const combined = parts.reduce(options.combineWith === 'AND' ? and : or);
    const hits: Hit[] = [];
    for (const [slot, { score, terms: matched, match }] of combined) {
      const attrs = this.attrBits[slot];
      if (options.filter && !options.filter(attrs)) continue;
      hits.push({
        id: this.slotIds[slot],
        score: score * (matched.length || 1),
        match,
        department: this.places[this.departments[slot]],
        parent: this.places[this.parents[slot]],
        attrs,
      });
    }
    return hits.sort((a, b) => b.score - a.score);
  }
}

function or(a: Map<number, Pending>, b: Map<number, Pending>): Map<number, Pending> {
  for (const [slot, r] of b) {
    const existing = a.get(slot);
    if (!existing) a.set(slot, r);
    else {
      existing.score += r.score;
      Object.assign(existing.match, r.match);
      addUnique(existing.terms, r.terms);
    }
  }
  return a;
}

function and(a: Map<number, Pending>, b: Map<number, Pending>): Map<number, Pending> {
  const combined = new Map<number, Pending>();
  for (const [slot, r] of b) {
    const existing = a.get(slot);
    if (!existing) continue;
    addUnique(existing.terms, r.terms);
    combined.set(slot, { score: existing.score + r.score, terms: existing.terms, match: Object.assign(existing.match, r.match) });
  }
  return combined;
}
