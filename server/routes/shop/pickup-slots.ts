import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pickupDayError } from '../../../core/shop/pickup';
import { isCalendarDate, storeDay } from '../../../core/shop/store-day';
import { ensureSession } from '../../auth/visitor';
import { errors } from '../../errors';
import {
  currentHold,
  holderOf as holderOfVisitor,
  holdSlot,
  keepHoldAtVisitorStores,
  listSlots,
  moveHoldToAccount,
} from '../../services/pickup-slots';
import { requestAddress } from '../../auth/anonymous-write-limit';
import { getStore } from '../../services/stores';
import { cartLineRows, findCartId } from '../../services/cart';
import { longestNotice } from '../../../core/shop/checkout';
import { catalogOfKind } from '../../../core/shop/catalog';
import { answers, inputs, id, idParams, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

// A real date here; whether it is within the store's next days is checked on the store's own clock, below.
const pickupDay = z.string({ error: 'Choose a pickup date.' }).refine(isCalendarDate, 'Choose a real pickup date (YYYY-MM-DD).');

// Pickup windows: a store's windows of a day with what is left, and the visitor's hold on one.
export async function pickupSlotRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const holderOf = (request: FastifyRequest): string | null => holderOfVisitor(request.visitor);
  async function ensureHolder(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    if (!request.visitor.user) await ensureSession(app, request, reply);
    return holderOf(request)!;
  }

  app.get(
    shop.pickupSlots.path,
    {
      schema: {
        params: idParams,
        ...inputs(shop.pickupSlots, { querystring: z.object({ date: pickupDay }) }),
        response: answers(shop.pickupSlots, S.pickupSlots),
      },
    },
    async (request) => {
      const { id: storeId } = request.params;
      const { date } = request.query;
      const store = await getStore(db, storeId);
      if (!store) throw errors.missing('Store');
      if (!store.is_selectable) throw errors.badRequest(`${store.name} does not take pickup orders yet.`);
      const dayError = pickupDayError(date, storeDay(new Date(), store.time_zone));
      if (dayError) throw errors.invalidParam(`Invalid parameter(s): date (${dayError})`, { date: dayError });
      // Catering in the visitor's cart for this store's catalogue needs notice: sooner windows are not offered.
      const cartId = await findCartId(db, { userId: request.visitor.user?.id ?? null, sessionId: request.visitor.sessionId });
      const notice = cartId ? longestNotice(await cartLineRows(db, cartId, catalogOfKind(store.kind))) : 0;
      return {
        store_id: store.id,
        date,
        time_zone: store.time_zone,
        notice_hours: notice,
        items: await listSlots(db, store.id, date, holderOf(request), notice),
      };
    },
  );

  // The account may shop at another store than the visitor did: the moved hold is kept only at the account's.
  app.hooks.on('signIn', async ({ userId, previousSessionId, sessionId }) => {
    await moveHoldToAccount(db, previousSessionId, userId);
    await keepHoldAtVisitorStores(db, sessionId, userId);
  });

  // The visitor's hold: its window (store, day, times) and when it expires (expires_at, ms since the epoch).
  app.get(shop.pickupHold.path, { schema: { response: answers(shop.pickupHold, S.pickupHold) } }, async (request) => {
    const holder = holderOf(request);
    return { hold: holder ? await currentHold(db, holder) : null };
  });

  app.put(
    shop.holdPickupSlot.path,
    {
      schema: { ...inputs(shop.holdPickupSlot, { body: z.object({ slot_id: id }) }), response: answers(shop.holdPickupSlot, S.pickupHold) },
    },
    async (request, reply) => {
      const { slot_id } = request.body;
      // An unknown window is refused before an anonymous visitor's session is started (nothing written).
      if (!(await db.selectFrom('pickup_slots').select('id').where('id', '=', slot_id).executeTakeFirst()))
        throw errors.missing('Pickup window');
      const holder = await ensureHolder(request, reply);
      return { hold: await holdSlot(db, slot_id, holder, requestAddress(request)) };
    },
  );

  app.delete(shop.releasePickupHold.path, { schema: { response: answers(shop.releasePickupHold, S.pickupHold) } }, async (request) => {
    const holder = holderOf(request);
    if (holder) await db.deleteFrom('slot_holds').where('holder', '=', holder).execute();
    return { hold: null };
  });
}
