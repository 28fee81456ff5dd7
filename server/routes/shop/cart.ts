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
import { shopStore } from '../../services/shop-store';
import { SUBSTITUTIONS } from '../../../core/shop/substitution';
import { answers, inputs, id, idParams, withSchemas } from '../../validation';
import { storeQuery } from './products';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

// Quantities are JSON whole numbers: '0x10', '1e1', null or true are refused, never coerced.
const quantity = z
  .number({ error: 'must be a whole number' })
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
const substitutionBody = z
  .object({ substitution: z.enum(SUBSTITUTIONS, { error: `must be one of ${SUBSTITUTIONS.join(', ')}` }), substitute_id: id.optional() })
  .refine((b) => (b.substitution === 'this_product') === (b.substitute_id !== undefined), {
    message: 'Choose the product to substitute with (only for this_product).',
    path: ['substitute_id'],
  });

const productParams = z.object({ product_id: id });
const storeQuerystring = z.object(storeQuery);

// The visitor's cart: per session when anonymous, per user when signed in, merged on sign-in.
export async function cartRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
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
  /** The store whose prices the cart shows: ?store_id=&catalog= of the page, else the visitor's store. */
  const cartStore = (request: FastifyRequest, query: z.infer<typeof storeQuerystring>) =>
    shopStore(db, query.store_id ?? request.visitor.storeId, query.catalog);
  /** Every product exists and the store sells it, else 404/400 before anything is written. */
  async function sellable(ids: number[], store: { id: number; name: string }): Promise<void> {
    const unique = [...new Set(ids)];
    const found = await db
      .selectFrom('products')
      .leftJoin('store_products', (j) =>
        j.onRef('store_products.product_id', '=', 'products.id').on('store_products.store_id', '=', store.id),
      )
      .select(['products.id', 'products.name', 'store_products.available'])
      .where('products.id', 'in', unique)
      .execute();
    if (found.length !== unique.length) throw errors.missing('Product');
    const notSold = found.find((p) => p.available === null);
    if (notSold) throw errors.badRequest(`${notSold.name} is not sold at ${store.name}.`);
    const out = found.find((p) => p.available === 0);
    if (out) throw errors.badRequest(`${out.name} is out of stock at ${store.name}.`);
  }

  app.get(
    shop.cart.path,
    { schema: { ...inputs(shop.cart, { querystring: storeQuerystring }), response: answers(shop.cart, S.cart) } },
    async (request) => cartJson(db, await findCartId(db, owner(request)), (await cartStore(request, request.query)).id),
  );

  // A cart by id answers only to its owner; anyone else gets the same 404 as a cart that does not exist.
  app.get(
    shop.cartById.path,
    { schema: { params: idParams, querystring: storeQuerystring, response: answers(shop.cartById, S.cart) } },
    async (request) => {
      const { id: cartId } = request.params;
      const mine = await findCartId(db, owner(request));
      if (mine !== cartId) throw errors.missing('Cart');
      return cartJson(db, cartId, (await cartStore(request, request.query)).id);
    },
  );

  app.post(
    shop.addToCart.path,
    { schema: { ...inputs(shop.addToCart, { body: addBody, querystring: storeQuerystring }), response: answers(shop.addToCart, S.cart) } },
    async (request, reply) => {
      const { items } = request.body;
      const store = await cartStore(request, request.query);
      await sellable(
        items.map((i) => i.product_id),
        store,
      );
      const cartId = await writableCart(request, reply);
      await db.transaction().execute(async (tx) => {
        // An add that would take a line past the most a line holds is refused by name, never capped silently.
        const held = new Map(
          (
            await tx
              .selectFrom('cart_lines')
              .innerJoin('products', 'products.id', 'cart_lines.product_id')
              .select(['cart_lines.product_id', 'cart_lines.quantity', 'products.name'])
              .where('cart_lines.cart_id', '=', cartId)
              .where(
                'cart_lines.product_id',
                'in',
                items.map((i) => i.product_id),
              )
              .execute()
          ).map((l) => [l.product_id, l]),
        );
        items.forEach((item, n) => {
          const line = held.get(item.product_id);
          if (line && line.quantity + item.quantity > MAX_LINE_QUANTITY) {
            const message = `You can have at most ${MAX_LINE_QUANTITY} of ${line.name} in your cart; it holds ${line.quantity}.`;
            throw errors.invalidParam(message, { [`items.${n}.quantity`]: message });
          }
        });
        for (const item of items) await addToLine(tx, cartId, item.product_id, item.quantity);
      });
      return cartJson(db, cartId, store.id);
    },
  );

  const setSchema = {
    params: productParams,
    ...inputs(shop.setCartLine, { body: setBody, querystring: storeQuerystring }),
    response: answers(shop.setCartLine, S.cart),
  };
  app.put(shop.setCartLine.path, { schema: setSchema }, async (request, reply) => {
    const { product_id } = request.params;
    const { body } = request;
    const store = await cartStore(request, request.query);
    // Lowering or removing a line the store no longer sells stays possible.
    if (body.quantity > 0) await sellable([product_id], store);
    else if (!(await db.selectFrom('products').select('id').where('id', '=', product_id).executeTakeFirst()))
      throw errors.missing('Product');
    const cartId = await writableCart(request, reply);
    await setLine(db, cartId, product_id, body.quantity);
    return cartJson(db, cartId, store.id);
  });

  // The substitution choice of a line: no substitute, best match, or this product (which the store must sell).
  const substitutionSchema = {
    params: productParams,
    ...inputs(shop.setSubstitution, { body: substitutionBody, querystring: storeQuerystring }),
    response: answers(shop.setSubstitution, S.cart),
  };
  app.put(shop.setSubstitution.path, { schema: substitutionSchema }, async (request) => {
    const { product_id } = request.params;
    const { body } = request;
    const store = await cartStore(request, request.query);
    if (body.substitute_id !== undefined) await sellable([body.substitute_id], store);
    const cartId = await findCartId(db, owner(request));
    const { numUpdatedRows } = cartId
      ? await db
          .updateTable('cart_lines')
          .set({ substitution: body.substitution, substitute_id: body.substitute_id ?? null, updated_at: Date.now() })
          .where('cart_id', '=', cartId)
          .where('product_id', '=', product_id)
          .executeTakeFirst()
      : { numUpdatedRows: 0n };
    if (Number(numUpdatedRows) === 0) throw errors.missing('Cart line');
    return cartJson(db, cartId, store.id);
  });

  app.delete(
    shop.removeCartLine.path,
    { schema: { params: productParams, querystring: storeQuerystring, response: answers(shop.removeCartLine, S.cart) } },
    async (request) => {
      const { product_id } = request.params;
      const store = await cartStore(request, request.query);
      const cartId = await findCartId(db, owner(request));
      if (cartId) await setLine(db, cartId, product_id, 0);
      return cartJson(db, cartId, store.id);
    },
  );
}
