import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serverNow, setClockOffset, testClockEnabled } from '../services/clock';
import { withSchemas } from '../validation';

// End-to-end tests only: moves the server's schedule clock ahead. Registered only when the e2e server sets
// HL_TEST_CLOCK=1, so production has no such route at all.

const body = z.object({
  offset_ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000),
});

export async function testClockRoutes(base: FastifyInstance): Promise<void> {
  if (!testClockEnabled()) return;
  const app = withSchemas(base);
  app.post('/__test/clock', { schema: { body } }, async (request) => {
    setClockOffset(request.body.offset_ms);
    app.contentCaches.forgetAll(); // answers cached a moment ago were for the old time
    return { now: serverNow() };
  });
}
