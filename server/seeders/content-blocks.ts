import { contentBlocks } from '../../fixtures/content-blocks';
import { blockRow } from '../services/content/blocks';
import { upsertRows } from '../db/upsert';
import type { Seeder } from './seeder';

// Writes the seeded content blocks by their fixed ids (sanitising their HTML like any stored block).
export const seedContentBlocks: Seeder = async (db) => {
  await upsertRows(
    db,
    'content_blocks',
    contentBlocks.map(({ id, ...block }) => ({ id, ...blockRow(block) })),
  );
};
