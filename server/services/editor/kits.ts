import type { Kysely } from 'kysely';
import { KIT_FORMAT, type DocType, type KitFile } from '../../../core/wire/kit-manifest';
import type { ElementNode } from '../../../react-app/widgets/types';
import type { Database } from '../../db/schema';
import { nextDocumentIds } from '../../db/document-ids';
import { errors } from '../../errors';
import { parseJson } from '../users';
import { sanitizeTree, treeProblem, treeSchema } from './document-tree';

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
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'title', 'settings', 'updated_at'])
    .where('type', '=', 'template')
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const s = parseJson<Record<string, unknown>>(r.settings, {});
    return {
      id: r.id,
      title: r.title,
      doc_type: String(s.doc_type ?? 'section'),
      folder: String(s.folder ?? ''),
      updated_at: Number(r.updated_at),
    };
  });
}

export async function exportKit(db: Kysely<Database>, name: string): Promise<KitFile> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'title', 'settings', 'tree'])
    .where('type', '=', 'template')
    .orderBy('id')
    .execute();
  const kit: KitFile = {
    manifest: { kit_format: KIT_FORMAT, name, version: '1', created: new Date().toISOString(), templates: {} },
    templates: {},
  };
  for (const r of rows) {
    const s = parseJson<Record<string, unknown>>(r.settings, {});
    kit.manifest.templates[String(r.id)] = {
      title: r.title,
      doc_type: String(s.doc_type ?? 'section') as DocType,
      ...(s.folder ? { folder: String(s.folder) } : {}),
    };
    kit.templates[String(r.id)] = { content: parseJson<ElementNode[]>(r.tree, []) };
  }
  return kit;
}

const slugify = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'template';

/** Checks every template tree first; then inserts all of them or none. */
export async function importKit(db: Kysely<Database>, kit: KitFile): Promise<SiteTemplate[]> {
  const prepared = Object.entries(kit.manifest.templates).map(([key, entry]) => {
    const parsed = treeSchema.safeParse(kit.templates[key].content);
    if (!parsed.success) throw errors.invalidParam(`The kit is invalid: template ${key} has a broken element tree.`);
    const problem = treeProblem(parsed.data);
    if (problem) throw errors.invalidParam(`The kit is invalid: template ${key}: ${problem}`);
    return { entry, tree: sanitizeTree(parsed.data) };
  });
  const now = Date.now();
  return db.transaction().execute(async (tx) => {
    const ids = await nextDocumentIds(tx, prepared.length);
    const created: SiteTemplate[] = [];
    for (const [index, { entry, tree }] of prepared.entries()) {
      const id = ids[index];
      const folder = entry.folder ?? `Kit: ${kit.manifest.name}`;
      await tx
        .insertInto('documents')
        .values({
          id,
          type: 'template',
          slug: `${slugify(entry.title)}-${id}`,
          title: entry.title,
          status: 'publish',
          tree: JSON.stringify(tree),
          settings: JSON.stringify({ doc_type: entry.doc_type, folder }),
          conditions: '[]',
          updated_at: now,
        })
        .execute();
      created.push({ id, title: entry.title, doc_type: entry.doc_type, folder, updated_at: now });
    }
    return created;
  });
}
