import { requestAddress } from '../auth/anonymous-write-limit';
import type { FastifyInstance } from 'fastify';
import { validateContact, type ContactInput } from '../../core/store-layer/contact-rules';
import { enforceLimit, type Limit } from '../services/rate-limit';
import { errors } from '../errors';
import { listStores } from '../services/stores';
import * as contentApi from '../../core/api/content';
import * as S from '../../core/api/schemas/content';
import { answers } from '../validation';

/** Messages one address may send. */
export const CONTACT_LIMIT: Limit = { max: 10, windowMs: 60 * 60 * 1000 };

// The contact form (REST write: the visitor plugin requires a nonce). Same rules as the form in the page.
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  app.post(contentApi.contact.path, { schema: { response: answers(contentApi.contact, S.contactSent, 201) } }, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Partial<Record<keyof ContactInput, unknown>>;
    const stores = (await listStores(db)).filter((s) => s.kind === 'shopping');
    const fieldErrors = validateContact(
      body,
      stores.map((s) => s.id),
    );
    const first = Object.entries(fieldErrors)[0];
    if (first) throw errors.invalidParam(first[1], fieldErrors as Record<string, string>);
    // Counted in the database per address, so the limit holds across server processes.
    await enforceLimit(db, `contact:${requestAddress(request)}`, CONTACT_LIMIT);
    const text = (v: unknown) => String(v).trim();
    const row = await db
      .insertInto('contact_messages')
      .values({
        store_id: Number(body.store_id),
        user_id: request.visitor.user?.id ?? null,
        name: text(body.name),
        email: text(body.email).toLowerCase(),
        phone: body.phone ? text(body.phone) : '',
        topic: text(body.topic),
        message: text(body.message),
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.code(201).send({ id: row.id, message: 'Thanks! Your message was sent to the store team.' });
  });
}
