import type { Kysely } from 'kysely';
import {
  type CircularItemFeedRow,
  type ImportKind,
  type ProductFeedRow,
  type PromotionFeedRow,
  type StoreFeedRow,
  type StorePriceFeedRow,
} from '../../../core/catalogue/rows';
import type { Database } from '../../db/schema';

// What each feed kind writes: its table, the key a row is matched by, each column with the feed columns it
// comes from (a column the file does not have is left as it is), and what "removed" means when a feed is
// declared complete. import.ts turns these into the staging table, the difference and the switch-in.

export type ColumnType = 'int' | 'text' | 'real' | 'big';

export interface TargetColumn {
  name: string;
  type: ColumnType;
  /** The feed columns it comes from; present when any of them is in the file. Empty: always written. */
  from: string[];
  /** Written when a row is new, never changed afterwards (slugs: URLs stay). */
  insertOnly?: boolean;
  /** SQL for a new row when the file does not have the column and the table has no default. */
  insertDefault?: string;
}

export interface Resolvers {
  departments: Map<string, number>;
  products: Map<string, number>;
  stores: Set<number>;
  shoppingStores: number[];
  circulars: Map<string, number>;
}

export type Mapped = { values: Record<string, unknown>; label: string } | { column: string; message: string };

export interface KindSpec {
  kind: ImportKind;
  table: 'products' | 'store_products' | 'promotions' | 'circular_items' | 'stores';
  key: TargetColumn[];
  columns: TargetColumn[];
  /** A new row's id when the table does not make one, per database. */
  newId?: { sqlite: string; postgres: string };
  hasUpdatedAt: boolean;
  /** What a complete feed does to rows it does not list: delete them, or turn them off. */
  removal: { mode: 'delete' } | { mode: 'deactivate'; set: string; stillActive: string };
  /** Which existing rows a complete feed speaks for (SQL over t, with the staging table as {stage}). */
  removalScope: string;
  /** Unique columns besides the key, checked before applying: the row is refused, not the whole file. */
  uniques?: string[];
  toRow(row: never, r: Resolvers, line: number): Mapped;
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'product';

const hueOf = (s: string) => {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) % 360;
  return h;
};

const c = (name: string, type: ColumnType, from: string[] = [name], extra: Partial<TargetColumn> = {}): TargetColumn => ({
  name,
  type,
  from,
  ...extra,
});
const json = (v: unknown) => JSON.stringify(v);

const products: KindSpec = {
  kind: 'products',
  table: 'products',
  key: [c('upc', 'text')],
  columns: [
    c('department_id', 'int', ['department']),
    c('name', 'text'),
    c('price_cents', 'int', ['price']),
    c('brand', 'text', ['brand'], { insertDefault: "''" }),
    c('size', 'text', ['size_value', 'size_unit'], { insertDefault: "''" }),
    c('size_value', 'real'),
    c('size_unit', 'text'),
    c('description', 'text', ['description'], { insertDefault: "''" }),
    c('kind', 'text'),
    c('ingredients', 'text'),
    c('allergens', 'text'),
    c('nutrition', 'text'),
    c('snap_eligible', 'int'),
    c('tax_category', 'text'),
    c('age_restricted', 'int'),
    c('catering_notice_hours', 'int'),
    c('active', 'int'),
    c('catalog', 'text'),
    c('attributes', 'text'),
    c('slug', 'text', [], { insertOnly: true }),
    c('hue', 'int', [], { insertOnly: true }),
  ],
  // PostgreSQL: the sequence the back office's new products also draw from (migration 230), so the two never pick
  // the same id; SQLite serialises writers, so the largest id plus one is safe inside the switch-in.
  newId: {
    sqlite: '(SELECT coalesce(max(id), 0) FROM products) + row_number() OVER (ORDER BY s.line)',
    postgres: "nextval('products_id_seq')",
  },
  hasUpdatedAt: true,
  removal: { mode: 'deactivate', set: 'active = 0', stillActive: 't.active = 1' },
  removalScope: 't.upc IS NOT NULL',
  uniques: ['slug'],
  toRow(row: ProductFeedRow, r) {
    const department_id = r.departments.get(row.department);
    if (department_id === undefined) return { column: 'department', message: `no department has the slug "${row.department}"` };
    const size = row.size_value !== undefined ? `${row.size_value}${row.size_unit ? ` ${row.size_unit}` : ''}` : '';
    return {
      label: row.upc,
      values: {
        upc: row.upc,
        department_id,
        name: row.name,
        price_cents: row.price,
        brand: row.brand ?? '',
        size,
        size_value: row.size_value ?? null,
        size_unit: row.size_unit ?? '',
        description: row.description ?? '',
        kind: row.kind ?? '',
        ingredients: row.ingredients ?? '',
        allergens: json(row.allergens ?? []),
        nutrition: row.nutrition ? json(row.nutrition) : null,
        snap_eligible: row.snap_eligible ?? 0,
        tax_category: row.tax_category ?? 'grocery',
        age_restricted: row.age_restricted ?? 0,
        catering_notice_hours: row.catering_notice_hours ?? 0,
        active: row.active ?? 1,
        catalog: row.catalog ?? 'grocery',
        attributes: json(row.attributes ?? []),
        slug: `${slugify(row.name)}-${row.upc}`,
        hue: hueOf(row.upc),
      },
    };
  },
};

const storePrices: KindSpec = {
  kind: 'store-prices',
  table: 'store_products',
  key: [c('store_id', 'int'), c('product_id', 'int', ['upc'])],
  columns: [
    c('price_cents', 'int', ['price']),
    c('member_price_cents', 'int', ['member_price']),
    c('sale_price_cents', 'int', ['sale_price', 'sale_start', 'sale_end']),
    c('sale_start', 'text', ['sale_price', 'sale_start', 'sale_end']),
    c('sale_end', 'text', ['sale_price', 'sale_start', 'sale_end']),
    // A sale given in the price file is the store's own: it is no longer a promotion's.
    c('promotion_id', 'int', ['sale_price', 'sale_start', 'sale_end']),
    c('available', 'int'),
  ],
  hasUpdatedAt: true,
  removal: { mode: 'delete' },
  removalScope: 't.store_id IN (SELECT DISTINCT store_id FROM {stage})',
  toRow(row: StorePriceFeedRow, r) {
    if (!r.stores.has(row.store_id)) return { column: 'store_id', message: `no store has the id ${row.store_id}` };
    const product_id = r.products.get(row.upc);
    if (product_id === undefined) return { column: 'upc', message: `no product has the UPC ${row.upc}` };
    return {
      label: row.upc,
      values: {
        store_id: row.store_id,
        product_id,
        price_cents: row.price,
        member_price_cents: row.member_price ?? null,
        sale_price_cents: row.sale_price ?? null,
        sale_start: row.sale_price !== undefined ? (row.sale_start ?? null) : null,
        sale_end: row.sale_price !== undefined ? (row.sale_end ?? null) : null,
        promotion_id: null,
        available: row.available ?? 1,
      },
    };
  },
};

const promotions: KindSpec = {
  kind: 'promotions',
  table: 'promotions',
  key: [c('code', 'text')],
  columns: [
    c('product_id', 'int', ['upc']),
    c('title', 'text', ['title'], { insertDefault: "''" }),
    c('sale_price_cents', 'int', ['sale_price']),
    c('start_date', 'text'),
    c('end_date', 'text'),
    c('store_ids', 'text', ['stores'], { insertDefault: "'[]'" }),
    c('created_at', 'big', [], { insertOnly: true }),
  ],
  hasUpdatedAt: true,
  removal: { mode: 'delete' },
  removalScope: 't.code IS NOT NULL',
  toRow(row: PromotionFeedRow, r) {
    const product_id = r.products.get(row.upc);
    if (product_id === undefined) return { column: 'upc', message: `no product has the UPC ${row.upc}` };
    const unknown = (row.stores ?? []).find((id) => !r.stores.has(id));
    if (unknown !== undefined) return { column: 'stores', message: `no store has the id ${unknown}` };
    return {
      label: `${row.code} (UPC ${row.upc})`,
      values: {
        code: row.code,
        product_id,
        title: row.title ?? '',
        sale_price_cents: row.sale_price,
        start_date: row.start_date,
        end_date: row.end_date,
        store_ids: json([...new Set(row.stores ?? [])].sort((a, b) => a - b)),
        created_at: Date.now(),
      },
    };
  },
};

const circularItems: KindSpec = {
  kind: 'circular-items',
  table: 'circular_items',
  key: [c('circular_id', 'int', ['circular']), c('product_id', 'int', ['upc'])],
  columns: [c('sale_price_cents', 'int', ['sale_price']), c('position', 'int', [])],
  hasUpdatedAt: false,
  removal: { mode: 'delete' },
  removalScope: 't.circular_id IN (SELECT DISTINCT circular_id FROM {stage})',
  toRow(row: CircularItemFeedRow, r, line) {
    const circular_id = r.circulars.get(row.circular);
    if (circular_id === undefined) return { column: 'circular', message: `no circular has the slug "${row.circular}"` };
    const product_id = r.products.get(row.upc);
    if (product_id === undefined) return { column: 'upc', message: `no product has the UPC ${row.upc}` };
    return {
      label: `${row.circular} / UPC ${row.upc}`,
      values: { circular_id, product_id, sale_price_cents: row.sale_price, position: row.position ?? line },
    };
  },
};

const stores: KindSpec = {
  kind: 'stores',
  table: 'stores',
  key: [c('id', 'int')],
  columns: [
    c('name', 'text'),
    c('slug', 'text'),
    c('store_number', 'text'),
    c('address_1', 'text'),
    c('address_2', 'text'),
    c('city', 'text'),
    c('state', 'text'),
    c('postal_code', 'text'),
    c('phone', 'text'),
    c('latitude', 'real'),
    c('longitude', 'real'),
    c('url', 'text', ['url'], { insertDefault: "'/stores/' || s.slug" }),
    c('time_zone', 'text'),
    c('tax_rate_bp', 'int', ['tax_rate']),
    c('kind', 'text'),
    c('is_selectable', 'int'),
    c('services', 'text'),
    c('hours', 'text', ['hours'], { insertDefault: "'{}'" }),
    c('opening_date', 'text'),
  ],
  hasUpdatedAt: true,
  removal: { mode: 'deactivate', set: 'is_selectable = 0', stillActive: 't.is_selectable = 1' },
  removalScope: '1 = 1',
  uniques: ['slug'],
  toRow(row: StoreFeedRow) {
    return {
      label: `${row.id} ${row.name}`,
      values: {
        id: row.id,
        name: row.name,
        slug: row.slug,
        store_number: row.store_number,
        address_1: row.address_1,
        address_2: row.address_2 ?? '',
        city: row.city,
        state: row.state,
        postal_code: row.postal_code,
        phone: row.phone,
        latitude: row.latitude,
        longitude: row.longitude,
        url: row.url ?? `/stores/${row.slug}`,
        time_zone: row.time_zone ?? 'America/New_York',
        tax_rate_bp: row.tax_rate !== undefined ? Math.round(row.tax_rate * 100) : 0,
        kind: row.kind ?? 'shopping',
        is_selectable: row.is_selectable ?? 1,
        services: json(row.services ?? []),
        hours: json(row.hours ?? {}),
        opening_date: row.opening_date ?? null,
      },
    };
  },
};

export const KIND_SPECS: Record<ImportKind, KindSpec> = {
  products,
  'store-prices': storePrices,
  promotions,
  'circular-items': circularItems,
  stores,
};

const PRODUCT_PAGE = 5_000;

/**
 * Product ids by UPC, read a page at a time: the whole result at once (40,000 rows, each an object, then a pair
 * for the Map) was about twice the Map itself, at the start of a server's import, when its worker's heap is at its
 * smallest limit (import-thread.ts).
 */
async function productsByUpc(db: Kysely<Database>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let after = 0; ; ) {
    const page = await db
      .selectFrom('products')
      .select(['id', 'upc'])
      .where('upc', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PRODUCT_PAGE)
      .execute();
    for (const p of page) out.set(p.upc!, p.id);
    if (page.length < PRODUCT_PAGE) return out;
    after = page[page.length - 1].id;
  }
}

/** What the rows of a file refer to, loaded once per import (ids by UPC and slug). */
export async function loadResolvers(db: Kysely<Database>, kind: ImportKind): Promise<Resolvers> {
  const needsProducts = kind !== 'products' && kind !== 'stores';
  const [departments, productRows, storeRows, circularRows] = await Promise.all([
    kind === 'products' ? db.selectFrom('departments').select(['id', 'slug']).execute() : [],
    needsProducts ? productsByUpc(db) : new Map<string, number>(),
    db.selectFrom('stores').select(['id', 'kind']).execute(),
    kind === 'circular-items' ? db.selectFrom('circulars').select(['id', 'slug']).execute() : [],
  ]);
  return {
    departments: new Map(departments.map((d) => [d.slug, d.id])),
    products: productRows,
    stores: new Set(storeRows.map((s) => s.id)),
    shoppingStores: storeRows.filter((s) => s.kind === 'shopping').map((s) => s.id),
    circulars: new Map(circularRows.map((r) => [r.slug, r.id])),
  };
}
