import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ensureSession } from '../../auth/visitor';
import { errors } from '../../errors';
import {
  addToLine,
  cartJson,
  ensureCartId,
  findCartId,
  MAX_LINE_QUANTITY,
  mergeSessionCart,
  setLine,
  type CartOwner,
} from '../../services/cart';
import { id, parse } from '../../validation';

const quantity = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be at least 0')
  .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`);
const addBody = z.object({
  items: z
    .array(z.object({ product_id: id, quantity: quantity.min(1, 'must be at least 1').default(1) }))
    .min(1, 'add at least one product')
    .max(50, 'at most 50 products at once'),
});
const setBody = z.object({ quantity });

// The visitor's cart: per session when anonymous, per user when signed in, merged on sign-in.
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  app.hooks.on('signIn', ({ userId, previousSessionId }) => mergeSessionCart(db, userId, previousSessionId));

  const owner = (request: FastifyRequest): CartOwner => ({
    userId: request.visitor.user?.id ?? null,
    sessionId: request.visitor.sessionId,
  });
  async function writableCart(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    if (!request.visitor.user) await ensureSession(app, request, reply);
    return ensureCartId(db, owner(request));
  }
  async function knownProducts(ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const found = await db.selectFrom('products').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) throw errors.missing('Product');
  }

  app.get('/api/shop/v1/cart', async (request) => cartJson(db, await findCartId(db, owner(request))));

  // A cart by id answers only to its owner; anyone else gets the same 404 as a cart that does not exist.
  app.get('/api/shop/v1/carts/:id', async (request) => {
    const { id: cartId } = parse(z.object({ id }), request.params, 'path');
    const mine = await findCartId(db, owner(request));
    if (mine !== cartId) throw errors.missing('Cart');
    return cartJson(db, cartId);
  });

  app.post('/api/shop/v1/cart/items', async (request, reply) => {
    const { items } = parse(addBody, request.body, 'body');
    await knownProducts(items.map((i) => i.product_id));
    const cartId = await writableCart(request, reply);
    await db.transaction().execute(async (tx) => {
      for (const item of items) await addToLine(tx, cartId, item.product_id, item.quantity);
    });
    return cartJson(db, cartId);
  });

  app.put('/api/shop/v1/cart/items/:product_id', async (request, reply) => {
    const { product_id } = parse(z.object({ product_id: id }), request.params, 'path');
    const body = parse(setBody, request.body, 'body');
    await knownProducts([product_id]);
    const cartId = await writableCart(request, reply);
    await setLine(db, cartId, product_id, body.quantity);
    return cartJson(db, cartId);
  });

  app.delete('/api/shop/v1/cart/items/:product_id', async (request) => {
    const { product_id } = parse(z.object({ product_id: id }), request.params, 'path');
    const cartId = await findCartId(db, owner(request));
    if (cartId) await setLine(db, cartId, product_id, 0);
    return cartJson(db, cartId);
  });
}
