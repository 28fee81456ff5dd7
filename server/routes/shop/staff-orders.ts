import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ORDER_STATES } from '../../../core/shop/order-state';
import type { StaffOrdersDay } from '../../../core/shop/staff-orders';
import { isCalendarDate, storeDay } from '../../../core/shop/store-day';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { moveOrder, ordersBySlot } from '../../services/order-changes';
import { requireStaffOf } from '../../services/store-staff';
import { getStore } from '../../services/stores';
import { answers, id, idParams, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

const dayQuery = z.object({ store_id: id, date: z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD').optional() });
const statusBody = z.object({ status: z.enum(ORDER_STATES, { error: `must be one of ${ORDER_STATES.join(', ')}` }) });

// The store staff's view of pickup orders: a day's orders by window, and moving one along its states. Staff see
// and move the orders of their own stores only (administrators: every store).
export async function staffOrderRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const guard = { preValidation: requireCapability('manage_orders') };

  app.get(
    shop.staffOrders.path,
    { ...guard, schema: { querystring: dayQuery, response: answers(shop.staffOrders, S.staffOrdersDay) } },
    async (request): Promise<StaffOrdersDay> => {
      const { query } = request;
      const store = await getStore(db, query.store_id);
      if (!store) throw errors.missing('Store');
      await requireStaffOf(db, request.visitor.user, store.id, store.name);
      const date = query.date ?? storeDay(new Date(), store.time_zone);
      return { store_id: store.id, date, slots: await ordersBySlot(db, store.id, date) };
    },
  );

  app.put(
    shop.moveStaffOrder.path,
    { ...guard, schema: { params: idParams, body: statusBody, response: answers(shop.moveStaffOrder, S.staffOrderMoved) } },
    async (request) => {
      const { id: orderId } = request.params;
      const { status } = request.body;
      await moveOrder(db, request.visitor.user, orderId, status);
      return { id: orderId, status };
    },
  );
}
