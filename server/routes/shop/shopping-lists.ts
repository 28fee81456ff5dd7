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
import { answers, inputs, id, idParams, withSchemas } from '../../validation';
import { storeQuery } from './products';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

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

  app.get(shop.lists.path, { ...signedIn, schema: { response: answers(shop.lists, S.shoppingLists) } }, async (request) => ({
    items: await listsOf(db, userOf(request)),
  }));

  app.post(
    shop.createList.path,
    { ...signedIn, schema: { ...inputs(shop.createList, { body: nameBody }), response: answers(shop.createList, S.shoppingList, 201) } },
    async (request, reply) => reply.code(201).send(await createList(db, userOf(request), request.body.name)),
  );

  app.get(
    shop.list.path,
    { ...signedIn, schema: { params: idParams, querystring: storeQuerystring, response: answers(shop.list, S.shoppingListDetail) } },
    async (request) => {
      const store = await storeOf(request, request.query);
      return listDetail(db, userOf(request), request.params.id, store.id);
    },
  );

  app.patch(
    shop.renameList.path,
    { ...signedIn, schema: { params: idParams, body: nameBody, response: answers(shop.renameList, S.shoppingList) } },
    async (request) => renameList(db, userOf(request), request.params.id, request.body.name),
  );

  app.delete(
    shop.deleteList.path,
    { ...signedIn, schema: { params: idParams, response: answers(shop.deleteList, S.listDeleted) } },
    async (request) => {
      await deleteList(db, userOf(request), request.params.id);
      return { deleted: true, id: request.params.id };
    },
  );

  // Adding a product already on the list keeps its one line (200 instead of 201).
  app.post(
    shop.addListItem.path,
    { ...signedIn, schema: { params: idParams, body: addItemBody, response: answers(shop.addListItem, S.listItemAdded, 200, 201) } },
    async (request, reply) => {
      const userId = userOf(request);
      const { id: listId } = request.params;
      const added = await addToList(db, userId, listId, request.body.product_id, request.body.quantity);
      return reply.code(added ? 201 : 200).send({ added, list: await listOf(db, userId, listId) });
    },
  );

  app.put(
    shop.setListItem.path,
    { ...signedIn, schema: { params: itemParams, body: setItemBody, response: answers(shop.setListItem, S.shoppingList) } },
    async (request) => {
      const userId = userOf(request);
      const { params } = request;
      await setListItem(db, userId, params.id, params.product_id, request.body.quantity);
      return listOf(db, userId, params.id);
    },
  );

  app.delete(
    shop.removeListItem.path,
    { ...signedIn, schema: { params: itemParams, response: answers(shop.removeListItem, S.shoppingList) } },
    async (request) => {
      const userId = userOf(request);
      const { params } = request;
      await setListItem(db, userId, params.id, params.product_id, 0);
      return listOf(db, userId, params.id);
    },
  );

  app.post(
    shop.listToCart.path,
    { ...signedIn, schema: { params: idParams, querystring: storeQuerystring, response: answers(shop.listToCart, S.listToCart) } },
    async (request): Promise<ListToCartResult> => {
      const userId = userOf(request);
      const store = await storeOf(request, request.query);
      const cartId = await ensureCartId(db, { userId, sessionId: null });
      const outcome = await listToCart(db, userId, request.params.id, store.id, cartId);
      return { ...outcome, cart: await cartJson(db, cartId, store.id) };
    },
  );
}
