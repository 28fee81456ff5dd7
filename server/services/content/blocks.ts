import type { Kysely, Selectable } from 'kysely';
import type { ContentBlocksTable, Database } from '../../db/schema';
import { sanitize } from '../sanitize';
import { parseJson } from '../users';
import { CONTENT_KINDS, type ContentBlockInput, type ContentKind } from '../../../core/wire/content-block';
import { isWithinWindow } from '../../../core/schedule/time-window';
import type { ContentBlock } from './content-block';
import { contentCachesOf } from './content-caches';
import { serverNow } from '../clock';
import { pickBlock, type Audience } from './targeting';

// Content blocks (site banner, slider, call to action, personalised content) in the content_blocks table.
// HTML is sanitised when it is stored, and again when read into the cache (a row written around the
// API, by a migration or an import, must not reach shoppers raw; the cache makes the second pass cheap).

export { CONTENT_KINDS };
export type { ContentKind, ContentBlockInput, ContentBlock };

export function blockRow(input: ContentBlockInput, now = Date.now()) {
  return {
    kind: input.kind,
    slug: input.slug ?? '',
    slider_id: input.slider_id ?? '',
    html: sanitize(input.html),
    store_ids: JSON.stringify(input.store_ids ?? []),
    store_group_ids: JSON.stringify(input.store_group_ids ?? []),
    user_group_ids: JSON.stringify(input.user_group_ids ?? []),
    priority: input.priority ?? 0,
    updated_at: now,
    starts_at: input.starts_at ?? null,
    ends_at: input.ends_at ?? null,
    title: input.title ?? '',
  };
}

export async function saveBlock(db: Kysely<Database>, input: ContentBlockInput): Promise<number> {
  const row = await db.insertInto('content_blocks').values(blockRow(input)).returning('id').executeTakeFirstOrThrow();
  forgetBlocks(db, input.kind);
  return row.id;
}

/** Forget the parsed blocks of a kind after a write (other servers follow within CONTENT_CACHE_MS). */
export const forgetBlocks = (db: Kysely<Database>, kind: ContentKind): void => contentCachesOf(db).forgetBlocks(kind);

/** A content_blocks row as the services use it: targeting decoded, HTML sanitised again on read. */
export function decodeBlock(r: Selectable<ContentBlocksTable>): ContentBlock {
  return {
    id: r.id,
    kind: r.kind as ContentKind,
    slug: r.slug,
    slider_id: r.slider_id,
    html: sanitize(r.html),
    store_ids: parseJson<number[]>(r.store_ids, []),
    store_group_ids: parseJson<number[]>(r.store_group_ids, []),
    user_group_ids: parseJson<number[]>(r.user_group_ids, []),
    priority: r.priority,
    updated_at: Number(r.updated_at),
    starts_at: r.starts_at == null ? null : Number(r.starts_at),
    ends_at: r.ends_at == null ? null : Number(r.ends_at),
    title: r.title ?? '',
  };
}

/** Every block of a kind, parsed (cached briefly: these calls run on every page view). */
function blocksOf(db: Kysely<Database>, kind: ContentKind): Promise<ContentBlock[]> {
  return contentCachesOf(db).blocks.get(kind, async () => {
    const rows = await db.selectFrom('content_blocks').selectAll().where('kind', '=', kind).execute();
    return rows.map(decodeBlock);
  });
}

/**
 * The block for a slug (and slider id); an empty slug or slider id on a block means "any". Only blocks whose
 * time window holds `now` count: this is the one place both the REST calls and the server render go through.
 */
export async function findBlock(
  db: Kysely<Database>,
  kind: ContentKind,
  audience: Audience,
  where: { slug?: string; sliderId?: string; now?: number } = {},
): Promise<ContentBlock | null> {
  const now = where.now ?? serverNow();
  const candidates = (await blocksOf(db, kind))
    .filter((b) => isWithinWindow(b, now))
    .filter((b) => (where.slug ? b.slug === where.slug || b.slug === '' : b.slug === ''))
    .filter((b) => !where.sliderId || b.slider_id === where.sliderId || b.slider_id === '')
    // An exact slug or slider id match outranks the catch-all block.
    .map((b) => ({
      ...b,
      priority: b.priority * 4 + (where.slug && b.slug === where.slug ? 2 : 0) + (where.sliderId && b.slider_id === where.sliderId ? 1 : 0),
    }));
  return pickBlock(candidates, audience);
}

/**
 * The next moment a block of this kind starts or ends after `now` (null: none scheduled): the page tells the
 * runtime, which asks for the slot again then, so a scheduled banner appears without a reload.
 */
export async function nextBlockChange(db: Kysely<Database>, kind: ContentKind, now = serverNow()): Promise<number | null> {
  const times = (await blocksOf(db, kind)).flatMap((b) => [b.starts_at, b.ends_at]).filter((t): t is number => t !== null && t > now);
  return times.length ? Math.min(...times) : null;
}

/** Browsers without WebP support get the fallback images: drop the WebP <source> elements. */
export function withoutWebp(html: string): string {
  return html.replace(/<source\b[^>]*type="image\/webp"[^>]*>/g, '');
}
