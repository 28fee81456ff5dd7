import type { Kysely, Transaction } from 'kysely';
import {
  MAX_LIST_ITEMS,
  MAX_LISTS,
  type ListToCartOutcome,
  type UnavailableListItem,
  type ShoppingList,
  type ShoppingListDetail,
} from '../../core/shop/shopping-list';
import type { Database } from '../db/schema';
import { errors } from '../errors';
import { addToLine } from './cart';
import { storePrices } from './prices';

// A shopper's shopping lists. Every write runs in a transaction that first locks the row it grows (the user
// for a new list, the list for a new item), so the limits hold under parallel requests; a product is on a
// list at most once (primary key list_id + product_id, inserted with ON CONFLICT DO NOTHING).

type Q = Kysely<Database> | Transaction<Database>;

async function summaries(db: Q, userId: number, listId?: number): Promise<ShoppingList[]> {
  let q = db
    .selectFrom('shopping_lists')
    .select(['shopping_lists.id', 'shopping_lists.name', 'shopping_lists.created_at'])
    .select((eb) =>
      eb
        .selectFrom('shopping_list_items')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('shopping_list_items.list_id', '=', 'shopping_lists.id')
        .as('count'),
    )
    .where('shopping_lists.user_id', '=', userId);
  if (listId !== undefined) q = q.where('shopping_lists.id', '=', listId);
  const rows = await q.orderBy('shopping_lists.created_at').orderBy('shopping_lists.id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count ?? 0), created_at: Number(r.created_at) }));
}

export const listsOf = (db: Kysely<Database>, userId: number): Promise<ShoppingList[]> => summaries(db, userId);

export async function listOf(db: Q, userId: number, listId: number): Promise<ShoppingList> {
  const [list] = await summaries(db, userId, listId);
  if (!list) throw errors.missing('Shopping list');
  return list;
}

/** Locks the shopper's list (404 when it is not theirs): concurrent writes to it wait for this transaction. */
async function lockList(tx: Transaction<Database>, userId: number, listId: number): Promise<void> {
  const { numUpdatedRows } = await tx
    .updateTable('shopping_lists')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', listId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(numUpdatedRows) === 0) throw errors.missing('Shopping list');
}

export async function createList(db: Kysely<Database>, userId: number, name: string): Promise<ShoppingList> {
  return db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set((eb) => ({ name: eb.ref('name') }))
      .where('id', '=', userId)
      .execute();
    const { n } = await tx
      .selectFrom('shopping_lists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_LISTS) throw errors.badRequest(`You can keep at most ${MAX_LISTS} lists. Delete one to make room.`);
    const { id } = await tx
      .insertInto('shopping_lists')
      .values({ user_id: userId, name, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return listOf(tx, userId, id);
  });
}

export async function renameList(db: Kysely<Database>, userId: number, listId: number, name: string): Promise<ShoppingList> {
  return db.transaction().execute(async (tx) => {
    await lockList(tx, userId, listId);
    await tx.updateTable('shopping_lists').set({ name }).where('id', '=', listId).execute();
    return listOf(tx, userId, listId);
  });
}

export async function deleteList(db: Kysely<Database>, userId: number, listId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockList(tx, userId, listId);
    await tx.deleteFrom('shopping_list_items').where('list_id', '=', listId).execute();
    await tx.deleteFrom('shopping_lists').where('id', '=', listId).execute();
  });
}

/** Puts a product on the list (once: adding it again keeps the line it has); whether it was new. */
export async function addToList(
  db: Kysely<Database>,
  userId: number,
  listId: number,
  productId: number,
  quantity: number,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await lockList(tx, userId, listId);
    const product = await tx.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
    if (!product) throw errors.missing('Product');
    const { n } = await tx
      .selectFrom('shopping_list_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('list_id', '=', listId)
      .executeTakeFirstOrThrow();
    const present = await tx
      .selectFrom('shopping_list_items')
      .select('product_id')
      .where('list_id', '=', listId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (present) return false;
    if (Number(n) >= MAX_LIST_ITEMS) throw errors.badRequest(`A list holds at most ${MAX_LIST_ITEMS} products.`);
    const { numInsertedOrUpdatedRows } = await tx
      .insertInto('shopping_list_items')
      .values({ list_id: listId, product_id: productId, quantity, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['list_id', 'product_id']).doNothing())
      .executeTakeFirst();
    return Number(numInsertedOrUpdatedRows ?? 0) > 0;
  });
}

/** Sets a product's quantity on the list; 0 takes it off. */
export async function setListItem(
  db: Kysely<Database>,
  userId: number,
  listId: number,
  productId: number,
  quantity: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockList(tx, userId, listId);
    if (quantity === 0) {
      await tx.deleteFrom('shopping_list_items').where('list_id', '=', listId).where('product_id', '=', productId).execute();
      return;
    }
    const { numUpdatedRows } = await tx
      .updateTable('shopping_list_items')
      .set({ quantity })
      .where('list_id', '=', listId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (Number(numUpdatedRows) === 0) throw errors.missing('List item');
  });
}

/** The list's products with their price at the store (absent from the map: the store does not sell it). */
async function itemsAt(db: Kysely<Database>, listId: number, storeId: number) {
  const rows = await db
    .selectFrom('shopping_list_items')
    .innerJoin('products', 'products.id', 'shopping_list_items.product_id')
    .select(['shopping_list_items.product_id', 'products.name', 'shopping_list_items.quantity'])
    .where('shopping_list_items.list_id', '=', listId)
    .orderBy('products.name')
    .execute();
  const prices = await storePrices(
    db,
    storeId,
    rows.map((r) => r.product_id),
  );
  return rows.map((r) => ({ ...r, price: prices.get(r.product_id) }));
}

/** The list with its products priced at the store (null price: the store does not sell it or is out). */
export async function listDetail(db: Kysely<Database>, userId: number, listId: number, storeId: number): Promise<ShoppingListDetail> {
  const list = await listOf(db, userId, listId);
  const items = await itemsAt(db, listId, storeId);
  return {
    ...list,
    store_id: storeId,
    items: items.map(({ price, ...r }) => {
      const available = !!price?.available;
      return {
        ...r,
        image: `/media/products/${r.product_id}.svg`,
        price_cents: available && price ? price.price_cents : null,
        available,
      };
    }),
  };
}

/** "Add all to cart": the list's products the store sells and has go into the cart (quantities add up). */
export async function listToCart(
  db: Kysely<Database>,
  userId: number,
  listId: number,
  storeId: number,
  cartId: number,
): Promise<ListToCartOutcome> {
  await listOf(db, userId, listId);
  const unavailable: UnavailableListItem[] = [];
  const sellable = (await itemsAt(db, listId, storeId)).filter((r) => {
    if (r.price?.available) return true;
    unavailable.push({ product_id: r.product_id, name: r.name, reason: r.price ? 'out_of_stock' : 'not_sold' });
    return false;
  });
  await db.transaction().execute(async (tx) => {
    for (const r of sellable) await addToLine(tx, cartId, r.product_id, r.quantity);
  });
  return { added: sellable.length, unavailable };
}
