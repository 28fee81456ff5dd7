import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listNameError, MAX_LIST_NAME, type ListToCartResult } from '../../../core/shop/shopping-list';
import { requireSignedIn } from '../../auth/guards';
import { cartJson, ensureCartId, MAX_LINE_QUANTITY } from '../../services/cart';
import { shopStore } from '../../services/shop-store';
import {
  addToList,
  createList,
  deleteList,
  listDetail,
  listOf,
  listsOf,
  listToCart,
  renameList,
  setListItem,
} from '../../services/shopping-lists';
import { id, idParams, withSchemas } from '../../validation';
import { storeQuery } from './products';

// Shopping lists of the signed-in shopper (401 otherwise; another shopper's list answers 404). Products are
// priced and checked at the store of the page (?store_id=&catalog=, else the visitor's store).

const name = z
  .string({ error: 'must be text' })
  .max(MAX_LIST_NAME * 4, `must be at most ${MAX_LIST_NAME} characters`)
  .superRefine((value, ctx) => {
    const error = listNameError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform((value) => value.trim());
const quantity = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`);

const nameBody = z.object({ name });
const storeQuerystring = z.object(storeQuery);
const itemParams = z.object({ id, product_id: id });
const addItemBody = z.object({ product_id: id, quantity: quantity.min(1, 'must be at least 1').default(1) });
const setItemBody = z.object({ quantity: quantity.min(0, 'must be at least 0') });

export async function shoppingListRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const signedIn = { preValidation: requireSignedIn };
  const userOf = (request: FastifyRequest): number => request.visitor.user!.id;
  const storeOf = (request: FastifyRequest, query: z.infer<typeof storeQuerystring>) =>
    shopStore(db, query.store_id ?? request.visitor.storeId, query.catalog);

  app.get('/api/shop/v1/lists', signedIn, async (request) => ({ items: await listsOf(db, userOf(request)) }));

  app.post('/api/shop/v1/lists', { ...signedIn, schema: { body: nameBody } }, async (request, reply) =>
    reply.code(201).send(await createList(db, userOf(request), request.body.name)),
  );

  app.get('/api/shop/v1/lists/:id', { ...signedIn, schema: { params: idParams, querystring: storeQuerystring } }, async (request) => {
    const store = await storeOf(request, request.query);
    return listDetail(db, userOf(request), request.params.id, store.id);
  });

  app.patch('/api/shop/v1/lists/:id', { ...signedIn, schema: { params: idParams, body: nameBody } }, async (request) =>
    renameList(db, userOf(request), request.params.id, request.body.name),
  );

  app.delete('/api/shop/v1/lists/:id', { ...signedIn, schema: { params: idParams } }, async (request) => {
    await deleteList(db, userOf(request), request.params.id);
    return { deleted: true, id: request.params.id };
  });

  // Adding a product already on the list keeps its one line (200 instead of 201).
  app.post('/api/shop/v1/lists/:id/items', { ...signedIn, schema: { params: idParams, body: addItemBody } }, async (request, reply) => {
    const userId = userOf(request);
    const { id: listId } = request.params;
    const added = await addToList(db, userId, listId, request.body.product_id, request.body.quantity);
    return reply.code(added ? 201 : 200).send({ added, list: await listOf(db, userId, listId) });
  });

  app.put(
    '/api/shop/v1/lists/:id/items/:product_id',
    { ...signedIn, schema: { params: itemParams, body: setItemBody } },
    async (request) => {
      const userId = userOf(request);
      const { params } = request;
      await setListItem(db, userId, params.id, params.product_id, request.body.quantity);
      return listOf(db, userId, params.id);
    },
  );

  app.delete('/api/shop/v1/lists/:id/items/:product_id', { ...signedIn, schema: { params: itemParams } }, async (request) => {
    const userId = userOf(request);
    const { params } = request;
    await setListItem(db, userId, params.id, params.product_id, 0);
    return listOf(db, userId, params.id);
  });

  app.post(
    '/api/shop/v1/lists/:id/cart',
    { ...signedIn, schema: { params: idParams, querystring: storeQuerystring } },
    async (request): Promise<ListToCartResult> => {
      const userId = userOf(request);
      const store = await storeOf(request, request.query);
      const cartId = await ensureCartId(db, { userId, sessionId: null });
      const outcome = await listToCart(db, userId, request.params.id, store.id, cartId);
      return { ...outcome, cart: await cartJson(db, cartId, store.id) };
    },
  );
}
