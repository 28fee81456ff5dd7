import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { pruneAttempts } from '../services/rate-limit';
import { rollUpContentEvents } from '../services/measures/content-events';
import { pruneExpiredPreviewLinks } from '../services/documents/preview-link';

// What expires is deleted: sessions past their end, anonymous carts whose session is gone or untouched for
// 30 days (with their lines), old rate-limit windows, used-up links, addresses unseen for half a year. Any
// server process may run it (plain deletes, safe to repeat); each runs it every PRUNE_EVERY_MS.

export const PRUNE_EVERY_MS = 10 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
export const ABANDONED_CART_MS = 30 * DAY;

export async function pruneExpired(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  const abandoned = db
    .selectFrom('carts')
    .select('carts.id')
    .where('carts.user_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('carts.updated_at', '<', now - ABANDONED_CART_MS),
        eb('carts.session_id', 'is', null),
        eb.not(eb.exists(eb.selectFrom('sessions').select('sessions.id').whereRef('sessions.id', '=', 'carts.session_id'))),
      ]),
    );
  await db.deleteFrom('cart_lines').where('cart_id', 'in', abandoned).execute();
  await db
    .deleteFrom('carts')
    .where('user_id', 'is', null)
    .where('id', 'not in', db.selectFrom('cart_lines').select('cart_id'))
    .where((eb) =>
      eb.or([
        eb('updated_at', '<', now - ABANDONED_CART_MS),
        eb('session_id', 'is', null),
        eb.not(eb.exists(eb.selectFrom('sessions').select('sessions.id').whereRef('sessions.id', '=', 'carts.session_id'))),
      ]),
    )
    .execute();
  await pruneAttempts(db, DAY, now);
  await db.deleteFrom('one_time_links').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('known_sign_in_addresses')
    .where('last_seen', '<', now - 180 * DAY)
    .execute();
  await rollUpContentEvents(db, now);
  await pruneExpiredPreviewLinks(db, now);
}

/** Prunes on a timer while the server runs (never keeping the process alive by itself). */
export function schedulePruning(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      pruneExpired(app.db.kysely).catch((error: unknown) => app.log.warn({ err: error }, 'pruning failed'));
    }, PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
