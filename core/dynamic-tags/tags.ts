// Dynamic tags (docs/editor.md, "Dynamic tags"): `{{group.name}}` in any text, link or image setting, replaced on
// the server when the page is rendered, for the visitor's store and audience. `{{product.price:bananas}}` names a
// product by slug (without one: the product of the page, on a product template); `{{store.name|our stores}}`
// carries its own fallback, shown when there is nothing to show (no store chosen, a product that does not exist
// or is not sold at the store). The shopper's first name is a personal part: the server puts a marker there and
// fills it per request, after the page cache (server/render/personal-parts.ts).

export type TagGroup = 'store' | 'ad' | 'product' | 'shopper';

export interface TagInfo {
  group: TagGroup;
  name: string;
  label: string;
  /** Where it makes sense: text (any text), link (an address), image (an image address). */
  fits: ReadonlyArray<'text' | 'link' | 'image'>;
  /** Shown when the tag has nothing to show and carries no fallback of its own. */
  fallback: string;
}

export const TAGS: readonly TagInfo[] = [
  { group: 'store', name: 'name', label: 'Store name', fits: ['text'], fallback: 'your local store' },
  { group: 'store', name: 'address', label: 'Store address', fits: ['text'], fallback: '' },
  { group: 'store', name: 'phone', label: 'Store phone', fits: ['text'], fallback: '' },
  { group: 'store', name: 'hours', label: 'Store hours today', fits: ['text'], fallback: '' },
  { group: 'store', name: 'open_now', label: 'Store open now', fits: ['text'], fallback: '' },
  { group: 'store', name: 'url', label: 'Store page address', fits: ['link'], fallback: '/store/store-locator' },
  { group: 'ad', name: 'title', label: "Current ad's title", fits: ['text'], fallback: '' },
  { group: 'ad', name: 'dates', label: "Current ad's dates", fits: ['text'], fallback: '' },
  { group: 'ad', name: 'url', label: "Current ad's address", fits: ['link'], fallback: '/circulars/weekly-ad' },
  { group: 'product', name: 'name', label: 'Product name', fits: ['text'], fallback: '' },
  { group: 'product', name: 'price', label: 'Product price at the store', fits: ['text'], fallback: 'Price not available' },
  { group: 'product', name: 'url', label: 'Product page address', fits: ['link'], fallback: '/products' },
  { group: 'product', name: 'image', label: 'Product image', fits: ['image'], fallback: '' },
  { group: 'shopper', name: 'first_name', label: "Shopper's first name", fits: ['text'], fallback: '' },
];

const byKey = new Map(TAGS.map((t) => [`${t.group}.${t.name}`, t]));

export interface TagRef {
  group: TagGroup;
  name: string;
  /** A product's slug (product tags), or undefined for the page's own product. */
  arg?: string;
  /** The token's own fallback, if it carries one. */
  fallback?: string;
}

// `{{group.name}}`, `{{group.name:arg}}`, `{{group.name|fallback}}`, `{{group.name:arg|fallback}}`. Loop item
// placeholders (`{{title}}`) have no dot and are left alone.
const TOKEN = /\{\{\s*(store|ad|product|shopper)\.([a-z_]{1,20})(?::([a-z0-9-]{1,160}))?(?:\|([^{}|]{0,200}))?\s*\}\}/g;

/** The token an editor inserts for a tag. */
export function tagToken(ref: TagRef): string {
  return `{{${ref.group}.${ref.name}${ref.arg ? `:${ref.arg}` : ''}${ref.fallback ? `|${ref.fallback}` : ''}}}`;
}

export function parseTags(text: string): TagRef[] {
  const out: TagRef[] = [];
  for (const m of text.matchAll(TOKEN)) {
    if (!byKey.has(`${m[1]}.${m[2]}`)) continue;
    out.push({ group: m[1] as TagGroup, name: m[2], arg: m[3], fallback: m[4] });
  }
  return out;
}

export const hasTags = (text: string): boolean => parseTags(text).length > 0;

/** What a product tag shows. */
export interface ProductTagValues {
  name: string;
  /** The price at the visitor's store ("$2.99", "$2.49 (was $2.99)"), or null when it does not sell it. */
  price: string | null;
  url: string;
  image: string;
}

/** Everything the tags of one page can show for this request. */
export interface TagValues {
  store: { name: string; address: string; phone: string; hours: string; open_now: string; url: string } | null;
  ad: { title: string; dates: string; url: string } | null;
  /** By slug; '' is the page's own product. A slug that names no active product maps to null. */
  products: ReadonlyMap<string, ProductTagValues | null>;
  /** The first name (the server's personal-part marker), or null for an anonymous visitor. */
  firstName: string | null;
}

function valueOf(ref: TagRef, values: TagValues): string | null {
  switch (ref.group) {
    case 'store':
      return values.store ? values.store[ref.name as keyof NonNullable<TagValues['store']>] : null;
    case 'ad':
      return values.ad ? values.ad[ref.name as keyof NonNullable<TagValues['ad']>] : null;
    case 'product': {
      const p = values.products.get(ref.arg ?? '');
      return p ? p[ref.name as keyof ProductTagValues] : null;
    }
    case 'shopper':
      return values.firstName;
  }
}

/** The text with every tag replaced by its value (or fallback), each through `escape` (HTML settings). */
export function resolveTags(text: string, values: TagValues, escape: (s: string) => string = (s) => s): string {
  if (!text.includes('{{')) return text;
  return text.replace(TOKEN, (whole, group: string, name: string, arg: string | undefined, fallback: string | undefined) => {
    const info = byKey.get(`${group}.${name}`);
    if (!info) return whole;
    const v = valueOf({ group: group as TagGroup, name, arg }, values);
    return escape(v === null || v === '' ? (fallback ?? info.fallback) : v);
  });
}

/** The product slugs the tags of these texts name ('' for the page's own product). */
export function productSlugsOf(texts: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const ref of parseTags(t)) if (ref.group === 'product') out.add(ref.arg ?? '');
  return out;
}

/** Every string in a settings value (nested objects and repeater lists included). */
export function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const v of value) yield* stringsIn(v);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* stringsIn(v);
}

/** The value with every string's tags resolved; untouched (the same object) when it holds none. */
export function resolveIn(value: unknown, values: TagValues, escape?: (s: string) => string): unknown {
  if (typeof value === 'string') return resolveTags(value, values, escape);
  if (Array.isArray(value)) return value.map((v) => resolveIn(v, values, escape));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveIn(v, values, escape)]));
  return value;
}
