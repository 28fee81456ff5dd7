import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storeDay, isCalendarDate } from '../../../core/shop/store-day';
import { storeTimeZone } from '../../services/stores';
import { renderPage } from '../../render/page';
import { scriptJson } from '../../render/site-config';
import { staffStores } from '../../services/store-staff';
import { z } from 'zod';
import { id, withSchemas } from '../../validation';

// A page never answers 400: an unknown store or a malformed date falls back to the first store and today.
const screenQuery = z.object({
  store_id: id.optional().catch(undefined),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
});

// The staff screen (/staff/orders?store_id=&date=): the page chrome and the stores the staff member works at;
// the admin bundle mounts admin/staff-orders/StaffOrdersScreen.tsx on it. Anonymous visitors sign in first;
// accounts that work at no store (or not at the one asked for) get a 403 page.

export async function staffScreenRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

  const denied = async (request: FastifyRequest, reply: FastifyReply, message: string) =>
    sendHtml(
      reply,
      await renderPage(app, request, {
        title: 'Access denied',
        content: (
          <section className="wrap">
            <h1>You do not have access to this screen</h1>
            <p>{message}</p>
          </section>
        ),
      }),
      403,
    );

  app.get('/staff/orders', { schema: { querystring: screenQuery } }, async (request, reply) => {
    if (!request.visitor.user) {
      const back = request.url.length <= 300 ? request.url : '/staff/orders';
      return reply.redirect(`/login?redirect_to=${encodeURIComponent(back)}`, 302);
    }
    const stores = await staffStores(db, request.visitor.user);
    if (!stores.length) return denied(request, reply, 'Sign in with the account of a store’s staff or an administrator.');
    const { query } = request;
    const store = query.store_id !== undefined ? stores.find((s) => s.id === query.store_id) : stores[0];
    if (!store) return denied(request, reply, 'You are not on the staff of that store.');
    const date = query.date ?? storeDay(new Date(), await storeTimeZone(db, store.id));
    const data = { stores, store_id: store.id, date };
    const content = (
      <div className="wrap admin-screen staff-screen">
        <h1>Pickup orders</h1>
        <script type="application/json" id="staff-orders-data" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
        <div id="admin-root" data-screen="staff-orders">
          <p>Loading the orders…</p>
        </div>
      </div>
    );
    return sendHtml(
      reply,
      await renderPage(app, request, {
        title: 'Pickup orders',
        bodyClass: 'page admin-page staff-page',
        content,
        appEntries: ['admin'],
        runtime: false,
      }),
    );
  });
}
