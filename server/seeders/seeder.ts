import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A seeder of one feature (content blocks, popups, …): idempotent, run inside the seed's transaction. */
export type Seeder = (db: Kysely<Database>) => Promise<void>;
