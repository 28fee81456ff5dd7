import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { recordUsageEvent, usageCounts } from '../../services/editor/usage-events';
import { parse } from '../../validation';

export const USAGE_BASE = '/wp-json/site/v1/usage-events';

const eventBody = z.object({ event: z.string().min(1).max(60), details: z.record(z.string(), z.unknown()).optional() });

// Usage events from the editor and admin screens; only whitelisted events and detail fields are kept.
export async function usageEventRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  app.post(USAGE_BASE, { preHandler: requireCapability('edit_pages') }, async (request, reply) => {
    const { event, details } = parse(eventBody, request.body, 'body');
    if (!(await recordUsageEvent(db, event, details ?? {}, request.visitor.user!.id))) throw errors.invalidParam(`Unknown usage event: ${event}.`);
    return reply.code(201).send({ recorded: true });
  });
  app.get(`${USAGE_BASE}/counts`, { preHandler: requireCapability('manage_options') }, async () => ({ counts: await usageCounts(db) }));
}
