import type { Kysely, Selectable } from 'kysely';
import { isWithinWindow } from '../../../core/schedule/time-window';
import type { ContentBlockInput, ContentKind } from '../../../core/wire/content-block';
import type { ContentBlocksTable, Database } from '../../db/schema';
import { errors } from '../../errors';
import { listStores } from '../stores';
import { blockRow, decodeBlock, findBlock, forgetBlocks, saveBlock, type ContentBlock } from './blocks';
import type { Audience } from './targeting';

// The content screen's side of content blocks: list, read, create, update, delete, and "what would this
// visitor see at that time". Targeting ids are checked against the stores that exist.

export interface StoredBlock extends ContentBlock {
  /** Whether the window holds now. */
  live: boolean;
}

function toBlock(r: Selectable<ContentBlocksTable>): StoredBlock {
  const block = decodeBlock(r);
  return { ...block, live: isWithinWindow(block, Date.now()) };
}

export async function listBlocks(db: Kysely<Database>): Promise<StoredBlock[]> {
  const rows = await db.selectFrom('content_blocks').selectAll().orderBy('kind').orderBy('id').execute();
  return rows.map(toBlock);
}

export async function getBlock(db: Kysely<Database>, id: number): Promise<StoredBlock> {
  const row = await db.selectFrom('content_blocks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.missing('Content block');
  return toBlock(row);
}

/** 400 with the field named when targeting names a store or store group that does not exist. */
async function checkTargets(db: Kysely<Database>, input: ContentBlockInput): Promise<void> {
  const stores = await listStores(db);
  const storeIds = new Set(stores.map((s) => s.id));
  const groupIds = new Set(stores.flatMap((s) => s.store_group_ids));
  const unknownStores = (input.store_ids ?? []).filter((id) => !storeIds.has(id));
  if (unknownStores.length) {
    const message = `Unknown store id${unknownStores.length > 1 ? 's' : ''}: ${unknownStores.join(', ')}.`;
    throw errors.invalidParam(message, { store_ids: message });
  }
  const unknownGroups = (input.store_group_ids ?? []).filter((id) => !groupIds.has(id));
  if (unknownGroups.length) {
    const message = `Unknown store group id${unknownGroups.length > 1 ? 's' : ''}: ${unknownGroups.join(', ')}.`;
    throw errors.invalidParam(message, { store_group_ids: message });
  }
}

export async function createBlock(db: Kysely<Database>, input: ContentBlockInput): Promise<StoredBlock> {
  await checkTargets(db, input);
  return getBlock(db, await saveBlock(db, input));
}

export async function updateBlock(db: Kysely<Database>, id: number, input: ContentBlockInput): Promise<StoredBlock> {
  const before = await getBlock(db, id);
  await checkTargets(db, input);
  await db.updateTable('content_blocks').set(blockRow(input)).where('id', '=', id).execute();
  forgetBlocks(db, before.kind);
  forgetBlocks(db, input.kind);
  return getBlock(db, id);
}

export async function deleteBlock(db: Kysely<Database>, id: number): Promise<void> {
  const before = await getBlock(db, id);
  await db.deleteFrom('content_blocks').where('id', '=', id).execute();
  forgetBlocks(db, before.kind);
}

/** The block a visitor with this audience would get in a slot at `at` (the content screen's preview). */
export function previewBlock(
  db: Kysely<Database>,
  kind: ContentKind,
  audience: Audience,
  slot: { slug?: string; sliderId?: string },
  at: number,
): Promise<ContentBlock | null> {
  return findBlock(db, kind, audience, { ...slot, now: at });
}
