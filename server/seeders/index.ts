import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedContentBlocks } from './content-blocks';

// Seeders of individual features (content blocks, popups, …), run after the core seed inside the same
// transaction. Each is idempotent. Add a file in this folder and one line here.
export type Seeder = (db: Kysely<Database>) => Promise<void>;

export const seeders: Seeder[] = [seedContentBlocks];
