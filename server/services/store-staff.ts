import type { Kysely } from 'kysely';
import type { StaffStore } from '../../core/shop/staff-orders';
import { can } from './capabilities';
import type { Database } from '../db/schema';
import { errors } from '../errors';
import type { User } from './users';

// Who may work a store's pickup orders: administrators at every store, store_staff accounts at the stores
// they are on the staff of (table store_staff), nobody else.

/** The stores the user may manage orders of, by name (empty when none). */
export async function staffStores(db: Kysely<Database>, user: User | null): Promise<StaffStore[]> {
  if (!user || !can(user, 'manage_orders')) return [];
  let q = db.selectFrom('stores').select(['stores.id', 'stores.name']).where('stores.is_selectable', '=', 1);
  if (!user.roles.includes('administrator'))
    q = q.where('stores.id', 'in', db.selectFrom('store_staff').select('store_id').where('user_id', '=', user.id));
  return q.orderBy('stores.name').execute();
}

/** Throws 403 unless the user may manage orders at the store. */
export async function requireStaffOf(db: Kysely<Database>, user: User | null, storeId: number, storeName: string): Promise<void> {
  if (!user) throw errors.notLoggedIn();
  if (user.roles.includes('administrator') && can(user, 'manage_orders')) return;
  const row = can(user, 'manage_orders')
    ? await db
        .selectFrom('store_staff')
        .select('store_id')
        .where('user_id', '=', user.id)
        .where('store_id', '=', storeId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw errors.forbidden(`You are not on the staff of ${storeName}.`);
}
