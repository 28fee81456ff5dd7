import type { ProductAttribute } from './product-attributes';

// The shop search's words, in one place (docs/search.md): how a word is normalised (case, accents, plurals),
// which words carry no meaning, and the grocery vocabulary shoppers use for what the shelf calls otherwise
// ("toilet paper" is Bath Tissue, "coke" is cola). The search service indexes and queries through these, so
// a product's words and a shopper's words meet in the same form.

/** Words of the shopper's phrase → the shelf's words, tried first (the phrase itself is still searched). */
export const SYNONYMS: Record<string, string> = {
  'toilet paper': 'bath tissue',
  'toilet tissue': 'bath tissue',
  'toilet roll': 'bath tissue',
  'loo roll': 'bath tissue',
  tp: 'bath tissue',
  kleenex: 'facial tissue',
  coke: 'cola',
  pepsi: 'cola',
  'soda pop': 'soda',
  'soft drink': 'soda',
  'soft drinks': 'soda',
  'fizzy water': 'sparkling water',
  seltzer: 'sparkling water',
  garbanzo: 'chickpeas',
  'garbanzo beans': 'chickpeas',
  coriander: 'cilantro',
  scallions: 'green onions',
  aubergine: 'eggplant',
  courgette: 'zucchini',
  yoghurt: 'yogurt',
  catsup: 'ketchup',
  'hamburger meat': 'ground beef',
  mince: 'ground beef',
  prawns: 'shrimp',
  oj: 'orange juice',
  pb: 'peanut butter',
  evoo: 'extra virgin olive oil',
  gf: 'gluten free',
  bbq: 'barbecue',
  'dish detergent': 'dish soap',
  'washing up liquid': 'dish soap',
  'kitchen roll': 'paper towels',
  'cling film': 'plastic wrap',
  'tin foil': 'aluminum foil',
  'mac n cheese': 'mac cheese',
  'bin bags': 'trash bags',
  'garbage bags': 'trash bags',
  nappies: 'diapers',
  'ice lolly': 'ice pops',
  'hot dogs': 'franks',
  crisps: 'potato chips',
};

/** Words that only join others ("mac and cheese", "salt & pepper"). */
export const STOP_WORDS = new Set(['and', 'or', 'the', 'a', 'an', 'of', 'with', 'for', 'in', 'n']);

/** Words ending in -ies whose singular ends in -ie (not -y). */
const IE_WORDS = new Set([
  'cookies',
  'brownies',
  'pies',
  'smoothies',
  'veggies',
  'calories',
  'ties',
  'rookies',
  'goodies',
  'pierogies',
  'hoagies',
]);
/** Words ending in s that are not plurals. */
const NOT_PLURAL = /(ss|us|is|ous|ics|ness|ews)$/;

/** Words seen, normalised: a catalogue's vocabulary is a few thousand words, indexed 40,000 times over. */
const normalized = new Map<string, string>();

/** A word as the index keeps it: lower case, no accents, singular. */
export function normalizeWord(word: string): string {
  let hit = normalized.get(word);
  if (hit === undefined) {
    if (normalized.size >= 50_000) normalized.clear();
    normalized.set(word, (hit = normalizeUncached(word)));
  }
  return hit;
}

function normalizeUncached(word: string): string {
  let w = word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  if (w.length <= 3 || NOT_PLURAL.test(w)) return w;
  if (w.endsWith('ies')) return IE_WORDS.has(w) ? w.slice(0, -1) : `${w.slice(0, -3)}y`;
  if (/(ches|shes|xes|zes|sses|oes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) w = w.slice(0, -1);
  return w;
}

/** The words of a text (split on spaces and punctuation), in index form, without stop words. */
export function searchWords(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(normalizeWord)
    .filter((w) => w && !STOP_WORDS.has(w));
}

/** Hyphenated words also joined ("Gluten-Free" → "glutenfree"), as shoppers type them both ways. */
export function joinedWords(text: string): string[] {
  return [...text.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)].map((m) => normalizeWord(m[0].replace(/-/g, '')));
}

/** Words that name a shelf attribute: they filter (product_attributes) rather than match words. */
export const ATTRIBUTE_WORDS: Record<string, ProductAttribute> = {
  'gluten free': 'gluten_free',
  glutenfree: 'gluten_free',
  'no gluten': 'gluten_free',
  organic: 'organic',
  organics: 'organic',
  vegan: 'vegan',
  'plant based': 'vegan',
  local: 'local',
  'locally grown': 'local',
  'snap eligible': 'snap',
  ebt: 'snap',
};

const plainText = (q: string): string =>
  q
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Replaces each phrase of the map found as whole words (longest first, so "toilet paper" wins). */
function rewrite(text: string, map: Record<string, string>, found?: (phrase: string) => void): string {
  let out = ` ${text} `;
  for (const phrase of Object.keys(map).sort((a, b) => b.length - a.length)) {
    const pattern = ` ${phrase} `;
    while (out.includes(pattern)) {
      found?.(phrase);
      out = out.replace(pattern, ` ${map[phrase]} `);
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

export interface ParsedQuery {
  /** The words to search, best form first: the shelf's words for a known phrase, then the shopper's own. */
  forms: string[];
  /** Attributes the shopper named ("gluten free bread" → gluten_free and "bread"). */
  attributes: ProductAttribute[];
}

/** What the shopper asked, in the shelf's terms. */
export function parseQuery(q: string): ParsedQuery {
  const attributes = new Set<ProductAttribute>();
  const blank = Object.fromEntries(Object.keys(ATTRIBUTE_WORDS).map((k) => [k, '']));
  const synonyms = rewrite(plainText(q), SYNONYMS);
  const rewritten = rewrite(synonyms, blank, (phrase) => attributes.add(ATTRIBUTE_WORDS[phrase]));
  const own = rewrite(plainText(q), blank);
  const forms = [...new Set([rewritten, own])].filter((f) => searchWords(f).length > 0);
  // A query that is only an attribute ("organic") still names words a product may have ("Organic Bananas").
  return { forms, attributes: [...attributes] };
}

/** The query's forms to search (see parseQuery), attributes left in as words. */
export function queryForms(q: string): string[] {
  const plain = plainText(q);
  if (!plain) return [];
  const rewritten = rewrite(plain, SYNONYMS);
  return rewritten !== plain ? [rewritten, plain] : [plain];
}

/** The product's head noun: the last word of its name that names the thing ("Whole Milk" → milk). */
export function headWord(name: string): string {
  const words = name
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^\p{L}\p{N}%/]+/u)
    .filter((w) => w && !/\d/.test(w) && !/^(pack|six|four|twelve|size|ct|oz|lb)$/i.test(w));
  return words.length ? normalizeWord(words[words.length - 1]) : '';
}
