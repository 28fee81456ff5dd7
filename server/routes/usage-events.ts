import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { USAGE_EVENT_WHITELIST } from '../../core/events/usage-events';
import { requireCapability } from '../auth/guards';
import { errors } from '../errors';
import { recordUsageEvent, usageCounts } from '../services/usage-events';
import { answers, requireObjectBody, withSchemas } from '../validation';
import * as adminApi from '../../core/api/admin';
import * as contentApi from '../../core/api/content';
import * as A from '../../core/api/schemas/admin';
import * as C from '../../core/api/schemas/content';

const names = Object.keys(USAGE_EVENT_WHITELIST) as [string, ...string[]];
const body = z.object({
  event: z.enum(names, { error: 'is not a known usage event' }),
  details: z.record(z.string(), z.unknown()).default({}),
  page: z.string().max(300).default(''),
});

// Usage events come from the editor and admin areas (docs/behaviour.md), so only editors and administrators send
// them (with the nonce); administrators read the counts.
export async function usageEventRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const post = {
    preValidation: [requireCapability('edit_content'), requireObjectBody],
    schema: { body, response: answers(contentApi.usageEvent, C.usageEventRecorded, 201) },
  };
  app.post(contentApi.usageEvent.path, post, async (request, reply) => {
    const input = request.body;
    if (JSON.stringify(input.details).length > 8000) throw errors.tooLarge();
    const recorded = await recordUsageEvent(
      db,
      input.event,
      input.details,
      request.visitor.user!.id,
      input.page.startsWith('/') ? input.page : '',
    );
    if (!recorded) throw errors.invalidParam(`Unknown usage event: ${input.event}.`);
    return reply.code(201).send({ id: recorded.id, event: input.event, details: recorded.details });
  });
  app.get(
    adminApi.usageCounts.path,
    { preValidation: requireCapability('manage_options'), schema: { response: answers(adminApi.usageCounts, A.usageCounts) } },
    async () => ({ counts: await usageCounts(db) }),
  );
}
