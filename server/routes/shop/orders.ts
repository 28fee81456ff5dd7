import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSignedIn } from '../../auth/guards';
import { errors } from '../../errors';
import { getOrderingStore } from '../../services/stores';
import { listOrders, placeOrder } from '../../services/orders';
import { cancelOrder, changeOrderLine } from '../../services/order-changes';
import { addToLine, cartJson, ensureCartId, storeCatalog } from '../../services/cart';
import { isSubstitution } from '../../../core/shop/substitution';
import { shopStore } from '../../services/shop-store';
import { isLoyaltyMember, storePrices } from '../../services/prices';
import { MAX_LINE_QUANTITY } from '../../services/cart';
import { answers, inputs, id, idParams, withSchemas } from '../../validation';
import { TENDERS } from '../../../core/shop/checkout';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

// Without slot_id the order takes the window the shopper holds. tender: how the shopper pays at pickup (card when
// absent); ebt_cents: a split's EBT SNAP part; age_confirmed: needed for wine, beer and spirits; coupon_ids: the
// coupons the cart showed applied, so one that stopped applying in between is said (core/shop/checkout.ts).
const orderBody = z.object({
  store_id: id,
  slot_id: id.optional(),
  tender: z.enum(TENDERS, { error: `must be one of ${TENDERS.join(', ')}` }).default('card'),
  ebt_cents: z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(0)
    .max(10_000_000)
    .optional(),
  age_confirmed: z.boolean({ error: 'must be true or false' }).default(false),
  coupon_ids: z.array(id).max(100, 'at most 100 coupons').default([]),
});
// A client-chosen key per checkout attempt (a UUID, say): printable ASCII, at most 100 characters.
const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 printable characters')
  .optional();
// Loose: the other headers stay on the request (a schema's output replaces what it validates).
const orderHeaders = z.looseObject({ 'idempotency-key': idempotencyKey });
const lineParams = z.object({ id, product_id: id });
const lineBody = z.object({
  // Each check says its own limit (a schema-wide error would answer "whole number" to 1000 as well).
  quantity: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
});

// Pickup orders of the signed-in customer. Another customer's order answers 404, like one that does not exist.
export async function orderRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const signedIn = { preValidation: requireSignedIn };
  const userOf = (request: FastifyRequest): number => request.visitor.user!.id;

  app.get(shop.orders.path, { ...signedIn, schema: { response: answers(shop.orders, S.orders) } }, async (request) => ({
    items: await listOrders(db, userOf(request)),
  }));

  app.get(shop.order.path, { ...signedIn, schema: { params: idParams, response: answers(shop.order, S.order) } }, async (request) => {
    const userId = userOf(request);
    const { id: orderId } = request.params;
    const [order] = await listOrders(db, userId, orderId);
    if (!order) throw errors.missing('Order');
    return order;
  });

  app.post(
    shop.placeOrder.path,
    {
      ...signedIn,
      schema: {
        ...inputs(shop.placeOrder, { body: orderBody }),
        headers: orderHeaders,
        response: answers(shop.placeOrder, S.order, 200, 201),
      },
    },
    async (request, reply) => {
      const userId = userOf(request);
      const { body, headers: key } = request;
      const store = await getOrderingStore(db, body.store_id);
      if (!store) throw errors.missing('Store');
      if (!store.is_selectable) throw errors.badRequest(`${store.name} does not take pickup orders yet.`);
      const hold = body.slot_id
        ? null
        : await db
            .selectFrom('slot_holds')
            .select('slot_id')
            .where('holder', '=', `u:${userId}`)
            .where('expires_at', '>', Date.now())
            .executeTakeFirst();
      const slotId = body.slot_id ?? hold?.slot_id;
      if (!slotId) throw errors.invalidParam('Choose a pickup window.', { slot_id: 'Choose a pickup window.' });
      const placed = await placeOrder(db, {
        userId,
        store,
        member: isLoyaltyMember(request.visitor.user),
        slotId,
        idempotencyKey: key['idempotency-key'] ?? null,
        tender: { method: body.tender, ebt_cents: body.ebt_cents },
        ageConfirmed: body.age_confirmed,
        seenCouponIds: body.coupon_ids,
      });
      const [order] = await listOrders(db, userId, placed.id);
      if (placed.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(placed.replayed ? 200 : 201).send({ ...order, notices: placed.notices });
    },
  );

  // Until the cut-off before pickup, the shopper changes a quantity (0 removes the line) or cancels.
  app.patch(
    shop.changeOrderLine.path,
    {
      ...signedIn,
      schema: { params: lineParams, ...inputs(shop.changeOrderLine, { body: lineBody }), response: answers(shop.changeOrderLine, S.order) },
    },
    async (request) => {
      const userId = userOf(request);
      const { params, body } = request;
      await changeOrderLine(db, userId, params.id, params.product_id, body.quantity);
      return (await listOrders(db, userId, params.id))[0];
    },
  );

  app.post(
    shop.cancelOrder.path,
    { ...signedIn, schema: { params: idParams, response: answers(shop.cancelOrder, S.order) } },
    async (request) => {
      const userId = userOf(request);
      const { id: orderId } = request.params;
      await cancelOrder(db, userId, orderId);
      return (await listOrders(db, userId, orderId))[0];
    },
  );

  // Buy it again: the order's products the store still sells go into the cart (quantities add up).
  app.post(
    shop.reorder.path,
    { ...signedIn, schema: { params: idParams, response: answers(shop.reorder, S.reordered) } },
    async (request) => {
      const userId = userOf(request);
      const { id: orderId } = request.params;
      const [order] = await listOrders(db, userId, orderId);
      if (!order) throw errors.missing('Order');
      // The order's own store (a wine cellar's order goes back into the wine cart, priced there).
      const store = await shopStore(db, order.store_id, await storeCatalog(db, order.store_id));
      const prices = await storePrices(
        db,
        store.id,
        order.lines.flatMap((l) => (l.substitute_id === null ? [l.product_id] : [l.product_id, l.substitute_id])),
      );
      const cartId = await ensureCartId(db, { userId, sessionId: null });
      const lines = order.lines.filter((l) => prices.get(l.product_id)?.available);
      await db.transaction().execute(async (tx) => {
        for (const l of lines) {
          await addToLine(tx, cartId, l.product_id, l.quantity);
          // The substitution choice comes back with the product; a chosen substitute the store no longer sells
          // falls back to the best match.
          const keep = l.substitution !== 'this_product' || (l.substitute_id !== null && prices.get(l.substitute_id)?.available);
          await tx
            .updateTable('cart_lines')
            .set({
              substitution: keep && isSubstitution(l.substitution) ? l.substitution : 'best_match',
              substitute_id: keep && l.substitution === 'this_product' ? l.substitute_id : null,
              updated_at: Date.now(),
            })
            .where('cart_id', '=', cartId)
            .where('product_id', '=', l.product_id)
            .execute();
        }
      });
      return { cart: await cartJson(db, cartId, store.id), added: lines.length, skipped: order.lines.length - lines.length };
    },
  );
}
