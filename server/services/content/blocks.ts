import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sanitize } from '../../render/sanitize';
import { parseJson } from '../users';
import { pickBlock, type Audience, type Targeted } from './targeting';

// Content blocks (site banner, slider, call to action, personalised content) in the content_blocks table.
// HTML is sanitised when it is stored, so reads serve it as it is.

export const CONTENT_KINDS = ['site-banner', 'slider', 'cta', 'personalized-content'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export interface ContentBlock extends Targeted {
  kind: ContentKind;
  slug: string;
  slider_id: string;
  html: string;
  updated_at: number;
}

export interface ContentBlockInput {
  kind: ContentKind;
  slug?: string;
  slider_id?: string;
  html: string;
  store_ids?: number[];
  store_group_ids?: number[];
  user_group_ids?: number[];
  priority?: number;
}

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
  };
}

export async function saveBlock(db: Kysely<Database>, input: ContentBlockInput): Promise<number> {
  const row = await db.insertInto('content_blocks').values(blockRow(input)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Blocks of a kind for a slug (and slider id); an empty slug or slider id on a block means "any". */
export async function findBlock(db: Kysely<Database>, kind: ContentKind, audience: Audience, where: { slug?: string; sliderId?: string } = {}): Promise<ContentBlock | null> {
  let q = db.selectFrom('content_blocks').selectAll().where('kind', '=', kind);
  if (where.slug) q = q.where('slug', 'in', [where.slug, '']);
  else q = q.where('slug', '=', '');
  if (where.sliderId) q = q.where('slider_id', 'in', [where.sliderId, '']);
  const rows = await q.execute();
  const blocks: ContentBlock[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as ContentKind,
    slug: r.slug,
    slider_id: r.slider_id,
    html: r.html,
    store_ids: parseJson(r.store_ids, []),
    store_group_ids: parseJson(r.store_group_ids, []),
    user_group_ids: parseJson(r.user_group_ids, []),
    // An exact slug or slider id match outranks the catch-all block.
    priority: r.priority * 4 + (where.slug && r.slug === where.slug ? 2 : 0) + (where.sliderId && r.slider_id === where.sliderId ? 1 : 0),
    updated_at: r.updated_at,
  }));
  return pickBlock(blocks, audience);
}

/** Browsers without WebP support get the fallback images: drop the WebP <source> elements. */
export function withoutWebp(html: string): string {
  return html.replace(/<source\b[^>]*type="image\/webp"[^>]*>/g, '');
}
