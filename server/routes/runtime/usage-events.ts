import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isUsageEventName, pickDetails, USAGE_EVENT_WHITELIST } from '../../../core/events/usage-events';
import { errors } from '../../errors';
import { parse } from '../../validation';

const names = Object.keys(USAGE_EVENT_WHITELIST) as [string, ...string[]];
const body = z.object({
  event: z.enum(names, { error: 'is not a known usage event' }),
  details: z.record(z.string(), z.unknown()).default({}),
  page: z.string().max(300).default(''),
});

// POST /wp-json/site/v1/usage-events: stores one usage event (nonce checked by the visitor plugin).
export async function usageEventRoutes(app: FastifyInstance): Promise<void> {
  app.post('/wp-json/site/v1/usage-events', async (request, reply) => {
    if (typeof request.body !== 'object' || request.body === null) throw errors.unsupportedMedia();
    const input = parse(body, request.body, 'body');
    if (!isUsageEventName(input.event)) throw errors.badRequest('Unknown usage event.');
    const details = pickDetails(input.event, input.details);
    if (JSON.stringify(details).length > 4000) throw errors.tooLarge();
    const row = await app.db.kysely
      .insertInto('usage_events')
      .values({ event: input.event, details: JSON.stringify(details), page: input.page.startsWith('/') ? input.page : '', user_id: request.visitor.user?.id ?? null, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.code(201).send({ id: Number(row.id), event: input.event, details });
  });
}
