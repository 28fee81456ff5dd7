import type { Kysely } from 'kysely';
import type { ElementNode } from '../../../core/wire/document';
import { readThemeSettings, type ThemeLocation, type ThemeSettings } from '../../../core/wire/theme';
import { pickTemplate, type ThemePlace } from '../../../core/theme/conditions';
import type { Database } from '../../db/schema';
import { errors } from '../../errors';
import { decodeDocument, liveView } from '../documents/repository';

// Theme templates as visitors get them (docs/editor.md, "Theme builder"): the published `theme` documents, their
// settings read leniently (a template whose settings do not parse applies nowhere), the one a page gets chosen by
// core/theme/conditions.ts, and the check on save that a condition names things that exist.

export interface ThemeTemplate {
  id: number;
  theme: ThemeSettings;
  tree: ElementNode[];
}

/** The templates visitors see now, with their trees, and the next moment that changes by the clock (a schedule). */
export async function loadPublishedTemplates(
  db: Kysely<Database>,
  now = Date.now(),
): Promise<{ templates: ThemeTemplate[]; until: number }> {
  // Every theme document in one query (there are few): which are live is decided as `live` decides it in SQL.
  const rows = await db.selectFrom('documents').selectAll().where('type', '=', 'theme').orderBy('id').execute();
  const templates: ThemeTemplate[] = [];
  let until = Infinity;
  for (const row of rows) {
    const doc = decodeDocument(row);
    for (const t of [doc.publish_at, doc.unpublish_at]) if (t != null && t > now) until = Math.min(until, t);
    const isLive =
      (doc.status === 'publish' || (doc.publish_at != null && doc.publish_at <= now)) &&
      (doc.unpublish_at == null || doc.unpublish_at > now);
    if (!isLive) continue;
    const seen = liveView(doc, now);
    const theme = readThemeSettings(seen.settings);
    if (theme) templates.push({ id: seen.id, theme, tree: seen.tree });
  }
  return { templates, until };
}

/** The template of `location` for the page, or null. */
export function templateFor(templates: readonly ThemeTemplate[], location: ThemeLocation, place: ThemePlace): ThemeTemplate | null {
  return pickTemplate(templates, location, place);
}

/** A product's department and every department above it, by slug (for "products in department X"). */
export async function departmentTrail(db: Kysely<Database>, departmentId: number): Promise<string[]> {
  const rows = await db.selectFrom('departments').select(['id', 'parent_id', 'slug']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: string[] = [];
  for (let d = byId.get(departmentId); d && out.length < 20; d = d.parent_id === null ? undefined : byId.get(d.parent_id)) out.push(d.slug);
  return out;
}

/**
 * A condition may only name a product, department, recipe, store or page that exists (a page not in the trash):
 * 400 naming the condition's field (`theme.conditions.{i}.value`) otherwise, and nothing is written.
 */
export async function checkThemeTargets(db: Kysely<Database>, theme: ThemeSettings): Promise<void> {
  const problems: Record<string, string> = {};
  await Promise.all(
    theme.conditions.map(async (c, i) => {
      if (!c.value) return;
      let found: unknown;
      let what: string;
      switch (c.rule) {
        case 'product':
          what = 'product';
          found = await db.selectFrom('products').select('id').where('slug', '=', c.value).executeTakeFirst();
          break;
        case 'department':
          what = 'department';
          found = await db.selectFrom('departments').select('id').where('slug', '=', c.value).executeTakeFirst();
          break;
        case 'recipe':
          what = 'recipe';
          found = await db.selectFrom('recipes').select('id').where('slug', '=', c.value).executeTakeFirst();
          break;
        case 'store':
          what = 'store';
          found = await db.selectFrom('stores').select('id').where('slug', '=', c.value).executeTakeFirst();
          break;
        case 'page':
          what = 'page';
          found = await db
            .selectFrom('documents')
            .select('id')
            .where('type', '=', 'page')
            .where('status', '!=', 'trash')
            .where('slug', '=', c.value)
            .executeTakeFirst();
          break;
        default:
          return;
      }
      if (!found) problems[`theme.conditions.${i}.value`] = `No ${what} has the slug ${c.value}.`;
    }),
  );
  const fields = Object.keys(problems).sort();
  if (fields.length) throw errors.invalidParam(problems[fields[0]], problems);
}
