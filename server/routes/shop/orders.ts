import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSignedIn } from '../../auth/guards';
import { errors } from '../../errors';
import { getStore } from '../../services/stores';
import { listOrders, placeOrder } from '../../services/orders';
import { cancelOrder, changeOrderLine } from '../../services/order-changes';
import { addToLine, cartJson, ensureCartId } from '../../services/cart';
import { shopStore } from '../../services/shop-store';
import { storePrices } from '../../services/prices';
import { MAX_LINE_QUANTITY } from '../../services/cart';
import { answers, inputs, id, idParams, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

// Without slot_id the order takes the window the shopper holds.
const orderBody = z.object({ store_id: id, slot_id: id.optional() });
// A client-chosen key per checkout attempt (a UUID, say): printable ASCII, at most 100 characters.
const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 printable characters')
  .optional();
// Loose: the other headers stay on the request (a schema's output replaces what it validates).
const orderHeaders = z.looseObject({ 'idempotency-key': idempotencyKey });
const lineParams = z.object({ id, product_id: id });
const lineBody = z.object({
  quantity: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0).max(MAX_LINE_QUANTITY),
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
      const store = await getStore(db, body.store_id);
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
      const placed = await placeOrder(db, { userId, store, slotId, idempotencyKey: key['idempotency-key'] ?? null });
      const [order] = await listOrders(db, userId, placed.id);
      if (placed.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(placed.replayed ? 200 : 201).send(order);
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
      const store = await shopStore(db, order.store_id, 'grocery');
      const prices = await storePrices(
        db,
        store.id,
        order.lines.map((l) => l.product_id),
      );
      const cartId = await ensureCartId(db, { userId, sessionId: null });
      const lines = order.lines.filter((l) => prices.get(l.product_id)?.available);
      await db.transaction().execute(async (tx) => {
        for (const l of lines) await addToLine(tx, cartId, l.product_id, l.quantity);
      });
      return { cart: await cartJson(db, cartId, store.id), added: lines.length, skipped: order.lines.length - lines.length };
    },
  );
}
