import { contentBlocks } from '../../fixtures/content-blocks';
import { blockRow } from '../services/content/blocks';
import type { Seeder } from './seeder';

// Writes the seeded content blocks by their fixed ids (sanitising their HTML like any stored block).
export const seedContentBlocks: Seeder = async (db) => {
  for (const { id, ...block } of contentBlocks) {
    const row = blockRow(block);
    await db
      .insertInto('content_blocks')
      .values({ id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }
};
