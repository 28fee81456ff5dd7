import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errors } from '../../errors';
import { getStore } from '../../services/stores';
import { listOrders, placeOrder } from '../../services/orders';
import { id, parse } from '../../validation';

export const PICKUP_DAYS_AHEAD = 14;
// The customer's 'today' may be the server's yesterday or tomorrow: one day of slack either side.
const day = (offset: number, now = new Date()): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);

const orderBody = z.object({
  store_id: id,
  pickup_date: z
    .string({ error: 'Choose a pickup date.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a pickup date.')
    .refine(
      (d) => !Number.isNaN(Date.parse(d)) && d >= day(-1) && d <= day(PICKUP_DAYS_AHEAD + 1),
      `Choose a pickup date within the next ${PICKUP_DAYS_AHEAD} days.`,
    ),
});

// Pickup orders of the signed-in customer. Another customer's order answers 404, like one that does not exist.
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const userOf = (request: FastifyRequest): number => {
    if (!request.visitor.user) throw errors.notLoggedIn();
    return request.visitor.user.id;
  };

  app.get('/api/shop/v1/orders', async (request) => ({ items: await listOrders(db, userOf(request)) }));

  app.get('/api/shop/v1/orders/:id', async (request) => {
    const userId = userOf(request);
    const { id: orderId } = parse(z.object({ id }), request.params, 'path');
    const [order] = await listOrders(db, userId, orderId);
    if (!order) throw errors.missing('Order');
    return order;
  });

  app.post('/api/shop/v1/orders', async (request, reply) => {
    const userId = userOf(request);
    const body = parse(orderBody, request.body, 'body');
    const store = await getStore(db, body.store_id);
    if (!store) throw errors.missing('Store');
    if (!store.is_selectable) throw errors.badRequest(`${store.name} does not take pickup orders yet.`);
    const orderId = await placeOrder(db, userId, store.id, body.pickup_date);
    const [order] = await listOrders(db, userId, orderId);
    return reply.code(201).send(order);
  });
}
