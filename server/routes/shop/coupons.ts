import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSignedIn } from '../../auth/guards';
import { errors } from '../../errors';
import { clippedCoupons, couponsWithProducts } from '../../services/prices';
import { couponDay, couponRuns, type Coupon } from '../../../core/shop/coupons';
import { answers, idParams, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

// Digital coupons (docs/pricing.md, "Coupons"): the coupons running today, and clipping one to the account. The
// cart and the order apply clipped coupons (server/services/prices.ts shopperLinePrices).

export interface CouponJson extends Coupon {
  clipped: boolean;
}

export async function couponRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const userOf = (request: FastifyRequest): number | null => request.visitor.user?.id ?? null;

  /** Active coupons running today, with the products they apply to and whether the shopper clipped each. */
  async function running(userId: number | null): Promise<CouponJson[]> {
    const today = couponDay(new Date());
    const rows = await db
      .selectFrom('coupons')
      .selectAll()
      .where('active', '=', 1)
      .where('start_date', '<=', today)
      .where('end_date', '>=', today)
      .orderBy('end_date')
      .orderBy('id')
      .limit(200)
      .execute();
    const mine = new Set((await clippedCoupons(db, userId)).map((c) => c.id));
    return (await couponsWithProducts(db, rows)).map((c) => ({ ...c, clipped: mine.has(c.id) }));
  }

  app.get(shop.coupons.path, { schema: { response: answers(shop.coupons, S.coupons) } }, async (request) => ({
    items: await running(userOf(request)),
  }));

  // Clipping is idempotent; a coupon that is not running today (ended, not started, withdrawn) is refused.
  const clip = { preValidation: requireSignedIn, schema: { params: idParams, response: answers(shop.clipCoupon, S.coupons) } };
  app.put(shop.clipCoupon.path, clip, async (request) => {
    const userId = userOf(request)!;
    const { id } = request.params;
    const row = await db
      .selectFrom('coupons')
      .select(['id', 'title', 'active', 'start_date', 'end_date'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw errors.missing('Coupon');
    const today = couponDay(new Date());
    if (!couponRuns({ ...row, active: row.active === 1 }, today))
      throw errors.badRequest(
        row.end_date < today ? `The coupon “${row.title}” has ended.` : `The coupon “${row.title}” is not available yet.`,
      );
    await db
      .insertInto('clipped_coupons')
      .values({ user_id: userId, coupon_id: id, clipped_at: Date.now() })
      .onConflict((oc) => oc.columns(['user_id', 'coupon_id']).doNothing())
      .execute();
    return { items: await running(userId) };
  });

  const unclip = { preValidation: requireSignedIn, schema: { params: idParams, response: answers(shop.unclipCoupon, S.coupons) } };
  app.delete(shop.unclipCoupon.path, unclip, async (request) => {
    const userId = userOf(request)!;
    await db.deleteFrom('clipped_coupons').where('user_id', '=', userId).where('coupon_id', '=', request.params.id).execute();
    return { items: await running(userId) };
  });
}
