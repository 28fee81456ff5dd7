import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ElementNode } from '../../core/wire/document';
import { parseTags, productSlugsOf, resolveIn, stringsIn, type ProductTagValues, type TagValues } from '../../core/dynamic-tags/tags';
import { nextOpenChange, storeTagValues } from '../../core/dynamic-tags/store-values';
import { circularDateLine } from '../../core/circulars/dates';
import { CATALOGS, type Catalog } from '../../core/shop/catalog';
import { money } from '../../core/shop/money';
import { CHAIN_TIME_ZONE, storeDay } from '../../core/shop/store-day';
import { escapeHtml } from '../../core/security/escape-html';
import { imageUrl, imageWidths } from '../../core/wire/catalogue-admin';
import { widgets } from '../../react-app/widgets';
import type { Database } from '../db/schema';
import { storePrices } from '../services/prices';
import { shopStore } from '../services/shop-store';
import { shopStoreId, type Store } from '../services/stores';
import { parseJson } from '../services/users';
import { readImages } from '../services/seo/content-seo';
import { PERSONAL } from './personal-parts';
import { visitorStore } from './visitor-store';

// Dynamic tags on the server (docs/editor.md, "Dynamic tags"): before a page is rendered, every `{{group.name}}`
// in its trees' settings is replaced for this request's store and audience, so the first view is complete and
// the page cache (keyed by store and audience) keeps the right page. The first name is the personal-part marker,
// filled per request after the cache. A page whose tags show "open now" or today's hours is kept only until the
// store next opens or closes (`request.pageCacheUntil`, read by server/render/page-cache.ts).

/** A product named by a tag: by slug, or the page's own (the product template's subject). */
async function productValues(db: Kysely<Database>, slug: string, store: Store | null, now: Date): Promise<ProductTagValues | null> {
  const row = await db.selectFrom('products').selectAll().where('slug', '=', slug).where('active', '=', 1).executeTakeFirst();
  if (!row) return null;
  let price: string | null = null;
  if (store) {
    // The store of the product's catalogue (a wine is priced at the visitor's wine store), through the one price path.
    const catalog: Catalog = (CATALOGS as readonly string[]).includes(row.catalog) ? (row.catalog as Catalog) : 'grocery';
    const at = await shopStore(db, store.id, catalog, store).catch(() => null);
    const day = at ? storeDay(now, at.time_zone) : '';
    const p = at ? (await storePrices(db, at.id, [row.id], { pickupDay: day, orderedOn: day })).get(row.id) : undefined;
    if (p) price = p.was_cents !== null ? `${money(p.price_cents)} (was ${money(p.was_cents)})` : money(p.price_cents);
  }
  const first = readImages(row.images)[0];
  const widths = first ? imageWidths(first) : [];
  return {
    name: row.name,
    price,
    url: `/products/${row.slug}`,
    image: first ? imageUrl(first.key, widths.find((w) => w >= 640) ?? widths[widths.length - 1]) : `/media/products/${row.id}.svg`,
  };
}

/** The weekly ad running today at the store (without a store: an ad for every store), latest start first. */
async function currentAd(db: Kysely<Database>, store: Store | null, now: Date): Promise<TagValues['ad']> {
  // The store's own day (its zone); without a store, the chain's.
  const day = storeDay(now, store?.time_zone ?? CHAIN_TIME_ZONE);
  const rows = await db
    .selectFrom('circulars')
    .select(['slug', 'title', 'start_date', 'end_date', 'display_start_date', 'display_end_date', 'store_ids'])
    .where('status', '=', 'publish')
    .where('start_date', '<=', day)
    .where('end_date', '>=', day)
    .orderBy('start_date', 'desc')
    .orderBy('id')
    .execute();
  const storeId = store ? shopStoreId(store) : null;
  const ad = rows.find((r) => {
    const ids = parseJson<number[]>(r.store_ids, []);
    return ids.length === 0 || (storeId !== null && ids.includes(storeId));
  });
  return ad ? { title: ad.title, dates: circularDateLine(ad), url: `/circulars/${ad.slug}` } : null;
}

function* treeStrings(nodes: ElementNode[]): Generator<string> {
  for (const n of nodes) {
    yield* stringsIn(n.settings);
    yield* treeStrings(n.elements ?? []);
  }
}

/** The settings keys a widget renders as HTML (values there are escaped). */
const htmlKeys = (node: ElementNode): Set<string> =>
  new Set((widgets[node.widgetType ?? '']?.controls ?? []).filter((c) => c.type === 'richtext').map((c) => c.key));

function resolveTree(nodes: ElementNode[], values: TagValues): ElementNode[] {
  return nodes.map((n) => {
    const html = n.elType === 'widget' ? htmlKeys(n) : new Set<string>();
    const settings = Object.fromEntries(
      Object.entries(n.settings).map(([k, v]) => [k, resolveIn(v, values, html.has(k) ? escapeHtml : undefined)]),
    );
    return { ...n, settings, elements: resolveTree(n.elements ?? [], values) };
  });
}

export interface TagOptions {
  store: Store | null;
  /** The slug of the page's own product (a product template), for tags without a product of their own. */
  pageProduct?: string;
  now?: Date;
}

/**
 * The trees with their tags resolved for this request; the same trees (no copy) when none holds a tag. Never
 * fails: a tag whose data cannot be read shows its fallback.
 */
export async function applyDynamicTags(
  app: FastifyInstance,
  request: FastifyRequest,
  trees: ElementNode[][],
  { store, pageProduct, now = new Date() }: TagOptions,
): Promise<ElementNode[][]> {
  const texts = trees.flatMap((t) => [...treeStrings(t)]).filter((s) => s.includes('{{'));
  const refs = texts.flatMap(parseTags);
  if (!refs.length) return trees;
  const db = app.db.kysely;
  const uses = (group: string, names?: string[]) => refs.some((r) => r.group === group && (!names || names.includes(r.name)));
  const slugs = productSlugsOf(texts);
  const products = new Map<string, ProductTagValues | null>();
  await Promise.all(
    [...slugs].map(async (slug) => {
      const real = slug || pageProduct;
      products.set(slug, real ? await productValues(db, real, store, now).catch(() => null) : null);
    }),
  );
  const values: TagValues = {
    store: store ? storeTagValues(store, now) : null,
    ad: uses('ad') ? await currentAd(db, store, now).catch(() => null) : null,
    products,
    firstName: request.visitor.user ? PERSONAL.name : null,
  };
  if (store && uses('store', ['hours', 'open_now'])) {
    const change = nextOpenChange(store.hours, now, store.time_zone);
    request.pageCacheUntil = Math.min(request.pageCacheUntil ?? Infinity, change);
  }
  return trees.map((t) => resolveTree(t, values));
}

/** A loop grid's data with the tags of its item template resolved for this request (its `{{title}}` placeholders stay). */
export async function withTemplateTags<T extends { template: ElementNode[] }>(
  app: FastifyInstance,
  request: FastifyRequest,
  data: T,
): Promise<T> {
  const store = await visitorStore(app, request).catch(() => null);
  const [template] = await applyDynamicTags(app, request, [data.template], { store });
  return template === data.template ? data : { ...data, template };
}

/** The product slugs the tags of a tree name that are not active products (the editor's warning). */
export async function missingTagProducts(db: Kysely<Database>, slugs: string[]): Promise<string[]> {
  const wanted = [...new Set(slugs.filter(Boolean))];
  if (!wanted.length) return [];
  const rows = await db.selectFrom('products').select('slug').where('slug', 'in', wanted).where('active', '=', 1).execute();
  const known = new Set(rows.map((r) => r.slug));
  return wanted.filter((s) => !known.has(s));
}
