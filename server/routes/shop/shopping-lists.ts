import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listNameError, MAX_LIST_NAME, type ListToCartResult } from '../../../core/shop/shopping-list';
import { errors } from '../../errors';
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
import { id, parse } from '../../validation';
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

export async function shoppingListRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const userOf = (request: FastifyRequest): number => {
    if (!request.visitor.user) throw errors.notLoggedIn();
    return request.visitor.user.id;
  };
  const listParams = (request: FastifyRequest) => parse(z.object({ id }), request.params, 'path');
  const storeOf = async (request: FastifyRequest) => {
    const { _wpnonce: _n, ...raw } = (request.query ?? {}) as Record<string, unknown>;
    const query = parse(z.object(storeQuery), raw, 'query');
    return shopStore(db, query.store_id ?? request.visitor.storeId, query.catalog);
  };

  app.get('/api/shop/v1/lists', async (request) => ({ items: await listsOf(db, userOf(request)) }));

  app.post('/api/shop/v1/lists', async (request, reply) => {
    const userId = userOf(request);
    const body = parse(z.object({ name }), request.body, 'body');
    return reply.code(201).send(await createList(db, userId, body.name));
  });

  app.get('/api/shop/v1/lists/:id', async (request) => {
    const userId = userOf(request);
    const { id: listId } = listParams(request);
    const store = await storeOf(request);
    return listDetail(db, userId, listId, store.id);
  });

  app.patch('/api/shop/v1/lists/:id', async (request) => {
    const userId = userOf(request);
    const { id: listId } = listParams(request);
    const body = parse(z.object({ name }), request.body, 'body');
    return renameList(db, userId, listId, body.name);
  });

  app.delete('/api/shop/v1/lists/:id', async (request) => {
    const userId = userOf(request);
    const { id: listId } = listParams(request);
    await deleteList(db, userId, listId);
    return { deleted: true, id: listId };
  });

  // Adding a product already on the list keeps its one line (200 instead of 201).
  app.post('/api/shop/v1/lists/:id/items', async (request, reply) => {
    const userId = userOf(request);
    const { id: listId } = listParams(request);
    const body = parse(z.object({ product_id: id, quantity: quantity.min(1, 'must be at least 1').default(1) }), request.body, 'body');
    const added = await addToList(db, userId, listId, body.product_id, body.quantity);
    return reply.code(added ? 201 : 200).send({ added, list: await listOf(db, userId, listId) });
  });

  app.put('/api/shop/v1/lists/:id/items/:product_id', async (request) => {
    const userId = userOf(request);
    const params = parse(z.object({ id, product_id: id }), request.params, 'path');
    const body = parse(z.object({ quantity: quantity.min(0, 'must be at least 0') }), request.body, 'body');
    await setListItem(db, userId, params.id, params.product_id, body.quantity);
    return listOf(db, userId, params.id);
  });

  app.delete('/api/shop/v1/lists/:id/items/:product_id', async (request) => {
    const userId = userOf(request);
    const params = parse(z.object({ id, product_id: id }), request.params, 'path');
    await setListItem(db, userId, params.id, params.product_id, 0);
    return listOf(db, userId, params.id);
  });

  app.post('/api/shop/v1/lists/:id/cart', async (request): Promise<ListToCartResult> => {
    const userId = userOf(request);
    const { id: listId } = listParams(request);
    const store = await storeOf(request);
    const cartId = await ensureCartId(db, { userId, sessionId: null });
    const outcome = await listToCart(db, userId, listId, store.id, cartId);
    return { ...outcome, cart: await cartJson(db, cartId, store.id) };
  });
}
