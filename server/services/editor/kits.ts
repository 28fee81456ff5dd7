import type { Kysely } from 'kysely';
import { KIT_FORMAT, type DocType, type KitFile } from '../../../core/wire/kit-manifest';
import type { Database } from '../../db/schema';
import { nextDocumentIds } from '../../db/document-ids';
import { ApiError, errors } from '../../errors';
import { insertDocument, listByType } from '../documents/repository';
import { sanitizeTree, treeProblem, treeSchema } from './document-tree';
import { saveSiteSettingsDraft } from '../site-settings';
import type { SiteSettings } from '../../../core/config/site-settings';

// Site templates (documents of type 'template') and kits: export them all as one file, import a file's
// templates in one transaction so a bad file changes nothing.

export interface SiteTemplate {
  id: number;
  title: string;
  doc_type: string;
  folder: string;
  updated_at: number;
}

/** Imported and user-made documents take ids from here, above every seeded range. */

export async function listSiteTemplates(db: Kysely<Database>): Promise<SiteTemplate[]> {
  const rows = await listByType(db, 'template');
  return rows.map((r) => {
    const s = r.settings;
    return {
      id: r.id,
      title: r.title,
      doc_type: String(s.doc_type ?? 'section'),
      folder: String(s.folder ?? ''),
      updated_at: r.updated_at,
    };
  });
}

/** Every site template, and the published Site Settings (the kit's name is the site's). */
export async function exportKit(db: Kysely<Database>, site: SiteSettings): Promise<KitFile> {
  const rows = await listByType(db, 'template');
  const kit: KitFile = {
    manifest: { kit_format: KIT_FORMAT, name: site.name, version: '1', created: new Date().toISOString(), templates: {} },
    templates: {},
    site_settings: site,
  };
  for (const r of rows) {
    const s = r.settings;
    kit.manifest.templates[String(r.id)] = {
      title: r.title,
      doc_type: String(s.doc_type ?? 'section') as DocType,
      ...(s.folder ? { folder: String(s.folder) } : {}),
    };
    kit.templates[String(r.id)] = { content: r.tree };
  }
  return kit;
}

const slugify = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'template';

/** What to do with kit templates the site already has (same type, title and content): ask, skip or copy. */
export type KitConflictChoice = 'ask' | 'skip' | 'duplicate';

export interface KitConflict {
  key: string;
  title: string;
  /** The site template it repeats. */
  id: number;
}

/**
 * Checks every template tree first; then inserts all of them or none. Templates the site already has
 * (a re-import of the same kit) are not duplicated silently: with 'ask' the import stops with a 409 that
 * lists them, 'skip' leaves them out, 'duplicate' imports copies on purpose.
 */
export async function importKit(db: Kysely<Database>, kit: KitFile, onConflict: KitConflictChoice = 'ask'): Promise<SiteTemplate[]> {
  const prepared = Object.entries(kit.manifest.templates).map(([key, entry]) => {
    const parsed = treeSchema.safeParse(kit.templates[key].content);
    if (!parsed.success) throw errors.invalidParam(`The kit is invalid: template ${key} has a broken element tree.`);
    const problem = treeProblem(parsed.data);
    if (problem) throw errors.invalidParam(`The kit is invalid: template ${key}: ${problem.message}`);
    return { key, entry, tree: sanitizeTree(parsed.data) };
  });
  const now = Date.now();
  return db.transaction().execute(async (tx) => {
    const existing = await listByType(tx, 'template');
    const fingerprint = (docType: string, title: string, tree: unknown): string => `${docType}\u0000${title}\u0000${JSON.stringify(tree)}`;
    const onSite = new Map(existing.map((d) => [fingerprint(String(d.settings.doc_type ?? 'section'), d.title, d.tree), d.id]));
    const conflicts: KitConflict[] = [];
    for (const { key, entry, tree } of prepared) {
      const id = onSite.get(fingerprint(entry.doc_type, entry.title, tree));
      if (id !== undefined) conflicts.push({ key, title: entry.title, id });
    }
    if (conflicts.length && onConflict === 'ask') {
      const names = conflicts.map((c) => `“${c.title}”`).join(', ');
      throw new ApiError(
        409,
        'kit_already_imported',
        `${conflicts.length} of this kit's templates are already on the site (${names}). Skip them or import copies.`,
        { conflicts },
      );
    }
    const skipped = new Set(onConflict === 'skip' ? conflicts.map((c) => c.key) : []);
    const toCreate = prepared.filter((p) => !skipped.has(p.key));
    const ids = await nextDocumentIds(tx, toCreate.length);
    const created: SiteTemplate[] = [];
    for (const [index, { entry, tree }] of toCreate.entries()) {
      const id = ids[index];
      const folder = entry.folder ?? `Kit: ${kit.manifest.name}`;
      const slug = `${slugify(entry.title)}-${id}`;
      await insertDocument(
        tx,
        { id, type: 'template', slug, title: entry.title, tree, settings: { doc_type: entry.doc_type, folder } },
        now,
      );
      created.push({ id, title: entry.title, doc_type: entry.doc_type, folder, updated_at: now });
    }
    // Site Settings (checked with the kit) become a draft: an editor reviews them in the panel and publishes.
    if (kit.site_settings) await saveSiteSettingsDraft(tx, kit.site_settings);
    return created;
  });
}
