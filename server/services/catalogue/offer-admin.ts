import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ListPage } from '../../../core/wire/catalogue-admin';
import type { CouponRecord, couponInput, PromotionRecord, promotionInput } from '../../../core/wire/catalogue-offers';
import type { CouponsTable, PromotionsTable } from '../../db/schema';
import { errors } from '../../errors';
import { parseJson } from '../users';
import { recordAudit } from './audit';
import { type Actor, catalogueChanged, contains, fieldError, json, pageOf, type Tx } from './common';

// Promotions (a product's sale at some stores, for some days) and digital coupons. Saving a promotion writes its
// sale onto the shelf rows of its stores (store_products.sale_*, promotion_id), so every price is still read
// from one row; changing or deleting it first takes its old sale off the rows it had set.

type PromotionBody = z.output<typeof promotionInput>;
type CouponBody = z.output<typeof couponInput>;

function toPromotion(row: Selectable<PromotionsTable> & { product_name: string }): PromotionRecord {
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
    title: row.title,
    sale_price_cents: row.sale_price_cents,
    start_date: row.start_date,
    end_date: row.end_date,
    store_ids: parseJson(row.store_ids, []),
    updated_at: Number(row.updated_at),
  };
}

const promotionQuery = (db: Tx) =>
  db
    .selectFrom('promotions')
    .innerJoin('products', 'products.id', 'promotions.product_id')
    .selectAll('promotions')
    .select('products.name as product_name');

export async function getPromotion(db: Tx, id: number): Promise<PromotionRecord | null> {
  const row = await promotionQuery(db).where('promotions.id', '=', id).executeTakeFirst();
  return row ? toPromotion(row) : null;
}

export interface PromotionListQuery {
  q?: string;
  product_id?: number;
  /** Running or future on this day (not ended before it). */
  current_on?: string;
  page: number;
  per_page: number;
}

export async function listPromotions(db: Tx, query: PromotionListQuery): Promise<ListPage<PromotionRecord>> {
  let base = promotionQuery(db);
  if (query.q) {
    const pattern = contains(query.q);
    base = base.where((eb) =>
      eb.or([eb(eb.fn('lower', ['products.name']), 'like', pattern), eb(eb.fn('lower', ['promotions.title']), 'like', pattern)]),
    );
  }
  if (query.product_id) base = base.where('promotions.product_id', '=', query.product_id);
  if (query.current_on) base = base.where('promotions.end_date', '>=', query.current_on);
  const { total } = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .orderBy('promotions.id', 'desc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  return pageOf(rows.map(toPromotion), Number(total), query.page, query.per_page);
}

async function clearSale(tx: Tx, promotionId: number, now: number): Promise<void> {
  await tx
    .updateTable('store_products')
    .set({ sale_price_cents: null, sale_start: null, sale_end: null, promotion_id: null, updated_at: now })
    .where('promotion_id', '=', promotionId)
    .execute();
}

export async function savePromotion(db: Tx, actor: Actor, id: number | null, body: PromotionBody): Promise<PromotionRecord> {
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await getPromotion(tx, id);
    if (id !== null && !before) throw errors.missing('Promotion');
    const product = await tx.selectFrom('products').select('id').where('id', '=', body.product_id).executeTakeFirst();
    if (!product) throw fieldError('product_id', `Unknown product id: ${body.product_id}.`);
    const storeIds = [...new Set(body.store_ids)];
    if (storeIds.length) {
      const known = new Set((await tx.selectFrom('stores').select('id').where('id', 'in', storeIds).execute()).map((s) => s.id));
      const unknown = storeIds.find((s) => !known.has(s));
      if (unknown !== undefined) throw fieldError('store_ids', `Unknown store id: ${unknown}.`);
    }
    // The shelves the sale goes on: the chosen stores, or every store that carries the product.
    let shelf = tx.selectFrom('store_products').select(['store_id', 'price_cents']).where('product_id', '=', body.product_id);
    if (storeIds.length) shelf = shelf.where('store_id', 'in', storeIds);
    const shelves = await shelf.execute();
    const carried = new Set(shelves.map((s) => s.store_id));
    const notCarried = storeIds.find((s) => !carried.has(s));
    if (notCarried !== undefined)
      throw fieldError('store_ids', `Store ${notCarried} does not sell this product: give it a price there first.`);
    if (shelves.length === 0) throw fieldError('store_ids', 'No store sells this product yet: give it a price at a store first.');
    const dearer = shelves.find((s) => body.sale_price_cents >= s.price_cents);
    if (dearer)
      throw fieldError(
        'sale_price_cents',
        `must be below the price at store ${dearer.store_id} (${(dearer.price_cents / 100).toFixed(2)})`,
      );

    const now = Date.now();
    const row = {
      product_id: body.product_id,
      title: body.title,
      sale_price_cents: body.sale_price_cents,
      start_date: body.start_date,
      end_date: body.end_date,
      store_ids: json(storeIds),
      updated_at: now,
    };
    let promotionId = id;
    if (promotionId === null) {
      const inserted = await tx
        .insertInto('promotions')
        .values({ ...row, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      promotionId = inserted.id;
    } else {
      await clearSale(tx, promotionId, now);
      await tx.updateTable('promotions').set(row).where('id', '=', promotionId).execute();
    }
    await tx
      .updateTable('store_products')
      .set({
        sale_price_cents: body.sale_price_cents,
        sale_start: body.start_date,
        sale_end: body.end_date,
        promotion_id: promotionId,
        updated_at: now,
      })
      .where('product_id', '=', body.product_id)
      .where(
        'store_id',
        'in',
        shelves.map((s) => s.store_id),
      )
      .execute();
    await catalogueChanged(tx);
    const after = (await getPromotion(tx, promotionId))!;
    await recordAudit(tx, actor, 'promotion', promotionId, id === null ? 'create' : 'update', before, after, now);
    return after;
  });
}

export async function deletePromotion(db: Tx, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await getPromotion(tx, id);
    if (!before) throw errors.missing('Promotion');
    const now = Date.now();
    await clearSale(tx, id, now);
    await tx.deleteFrom('promotions').where('id', '=', id).execute();
    await catalogueChanged(tx);
    await recordAudit(tx, actor, 'promotion', id, 'delete', before, null, now);
  });
}

// ---- coupons

async function toCoupon(db: Tx, row: Selectable<CouponsTable>): Promise<CouponRecord> {
  const products = await db
    .selectFrom('coupon_products')
    .select('product_id')
    .where('coupon_id', '=', row.id)
    .orderBy('product_id')
    .execute();
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    discount_kind: row.discount_kind as CouponRecord['discount_kind'],
    discount_value: row.discount_value,
    product_ids: products.map((p) => p.product_id),
    start_date: row.start_date,
    end_date: row.end_date,
    limit_per_order: row.limit_per_order,
    active: row.active === 1,
    updated_at: Number(row.updated_at),
  };
}

export async function getCoupon(db: Tx, id: number): Promise<CouponRecord | null> {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toCoupon(db, row) : null;
}

export async function listCoupons(db: Tx, query: { q?: string; page: number; per_page: number }): Promise<ListPage<CouponRecord>> {
  let base = db.selectFrom('coupons');
  if (query.q) base = base.where((eb) => eb(eb.fn('lower', ['title']), 'like', contains(query.q!)));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const items: CouponRecord[] = [];
  for (const r of rows) items.push(await toCoupon(db, r));
  return pageOf(items, Number(total), query.page, query.per_page);
}

export async function saveCoupon(db: Tx, actor: Actor, id: number | null, body: CouponBody): Promise<CouponRecord> {
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await getCoupon(tx, id);
    if (id !== null && !before) throw errors.missing('Coupon');
    const productIds = [...new Set(body.product_ids)];
    const known = new Set((await tx.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((p) => p.id));
    const unknown = productIds.find((p) => !known.has(p));
    if (unknown !== undefined) throw fieldError('product_ids', `Unknown product id: ${unknown}.`);
    const now = Date.now();
    const row = {
      title: body.title,
      description: body.description,
      discount_kind: body.discount_kind,
      discount_value: body.discount_value,
      start_date: body.start_date,
      end_date: body.end_date,
      limit_per_order: body.limit_per_order,
      active: body.active ? 1 : 0,
      updated_at: now,
    };
    let couponId = id;
    if (couponId === null) {
      couponId = (
        await tx
          .insertInto('coupons')
          .values({ ...row, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else await tx.updateTable('coupons').set(row).where('id', '=', couponId).execute();
    await tx.deleteFrom('coupon_products').where('coupon_id', '=', couponId).execute();
    await tx
      .insertInto('coupon_products')
      .values(productIds.map((product_id) => ({ coupon_id: couponId, product_id })))
      .execute();
    await catalogueChanged(tx);
    const after = (await getCoupon(tx, couponId))!;
    await recordAudit(tx, actor, 'coupon', couponId, id === null ? 'create' : 'update', before, after, now);
    return after;
  });
}
