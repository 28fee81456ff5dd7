import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ContactInboxPage } from '../../../core/wire/contact-message';
import { requireCapability } from '../../auth/guards';
import { answers, decimalInteger, withSchemas } from '../../validation';
import * as adminApi from '../../../core/api/admin';
import * as S from '../../../core/api/schemas/admin';

// The contact inbox for administrators: the messages sent through the contact form, newest first, with the
// store they were addressed to.

const PER_PAGE = 50;
const query = z.object({ page: decimalInteger().pipe(z.number().min(1).max(10_000)).default(1) });

export async function contactInboxRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  app.get(
    '/wp-json/site/v1/contact-messages',
    {
      preValidation: requireCapability('manage_options'),
      schema: { querystring: query, response: answers(adminApi.contactInbox, S.contactInbox) },
    },
    async (request): Promise<ContactInboxPage> => {
      const { page } = request.query;
      const total = await db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const messages = await db
        .selectFrom('contact_messages')
        .leftJoin('stores', 'stores.id', 'contact_messages.store_id')
        .select([
          'contact_messages.id',
          'contact_messages.store_id',
          'stores.name as store_name',
          'contact_messages.name',
          'contact_messages.email',
          'contact_messages.phone',
          'contact_messages.topic',
          'contact_messages.message',
          'contact_messages.created_at',
        ])
        .orderBy('contact_messages.id', 'desc')
        .limit(PER_PAGE)
        .offset((page - 1) * PER_PAGE)
        .execute();
      return { messages, total: Number(total.n), page, per_page: PER_PAGE };
    },
  );
}
