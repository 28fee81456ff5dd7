import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { parseJson } from '../../services/users';
import { id, parse } from '../../validation';
import { hasControlCharacters } from '../../../core/security/control-characters';
import { nextDocumentIds } from '../../db/document-ids';
import { conditionsSchema, DOCUMENT_TYPES, pageSettingsSchema, popupSettingsSchema } from '../../services/editor/document-settings';
import { DOCUMENTS_BASE } from './documents';

// Documents as editors manage them: create pages, popups, loop items and section templates; duplicate,
// rename (title and slug), page and popup settings with display conditions, trash and restore. Trashed
// documents are never served (pages and popups render only when published).

const title = z
  .string({ error: 'Enter a title.' })
  .trim()
  .min(1, 'Enter a title.')
  .max(200, 'The title may be at most 200 characters.')
  .refine((v) => !hasControlCharacters(v), 'The title must not contain control characters.');
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.')
  .max(80, 'The slug may be at most 80 characters.');

const createBody = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: 'Choose page, popup, loop-item or template.' }),
  title,
  slug: slug.optional(),
});
const updateBody = z
  .object({
    title: title.optional(),
    slug: slug.optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    conditions: conditionsSchema.optional(),
  })
  .strict();

export const slugFrom = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 70) || 'untitled';

const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown })?.code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
};

/** A free slug of the type: the wanted one, else with -2, -3… appended. */
async function freeSlug(db: Kysely<Database>, type: string, wanted: string, exceptId = 0): Promise<string> {
  const rows = await db
    .selectFrom('documents')
    .select(['slug', 'id'])
    .where('type', '=', type)
    .where((eb) => eb.or([eb('slug', '=', wanted), eb('slug', 'like', `${wanted}-%`)]))
    .execute();
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** Inserts a document with the next free id and a free slug; retried when a parallel insert took either. */
async function insertDocument(
  db: Kysely<Database>,
  doc: { type: string; title: string; slug: string; tree: string; settings: string; conditions: string },
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const [docId] = await nextDocumentIds(db, 1);
    const free = await freeSlug(db, doc.type, doc.slug);
    try {
      await db
        .insertInto('documents')
        .values({ ...doc, id: docId, slug: free, status: 'draft', updated_at: Date.now() })
        .execute();
      return docId;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 30) throw error;
    }
  }
}

function checkedSettings(type: string, settings: Record<string, unknown>): Record<string, unknown> {
  if (type === 'popup') return parse(popupSettingsSchema, settings, 'settings');
  if (type === 'page') return parse(pageSettingsSchema, settings, 'settings');
  return settings;
}

export async function documentAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const editor = { preHandler: requireCapability('edit_pages') };
  const row = async (docId: number) => {
    const r = await db.selectFrom('documents').selectAll().where('id', '=', docId).executeTakeFirst();
    if (!r) throw errors.missing('Document');
    return r;
  };
  const summary = async (docId: number) => {
    const r = await row(docId);
    return {
      id: r.id,
      type: r.type,
      slug: r.slug,
      title: r.title,
      status: r.status,
      settings: parseJson<Record<string, unknown>>(r.settings, {}),
      conditions: parseJson<unknown[]>(r.conditions, []),
      updated_at: Number(r.updated_at),
    };
  };
  const paramId = (request: { params: unknown }) => parse(id, (request.params as { id: string }).id, 'id');

  app.get(`${DOCUMENTS_BASE}/:id/settings`, editor, async (request) => summary(paramId(request)));

  app.post(DOCUMENTS_BASE, editor, async (request, reply) => {
    const input = parse(createBody, request.body, 'body');
    const docId = await insertDocument(db, {
      type: input.type,
      title: input.title,
      slug: input.slug ?? slugFrom(input.title),
      tree: '[]',
      settings: '{}',
      conditions: '[]',
    });
    reply.code(201);
    return summary(docId);
  });

  app.post(`${DOCUMENTS_BASE}/:id/duplicate`, editor, async (request, reply) => {
    const source = await row(paramId(request));
    const docId = await insertDocument(db, {
      type: source.type,
      title: `${source.title} (copy)`.slice(0, 200),
      slug: `${source.slug}-copy`.slice(0, 80),
      tree: source.draft_tree ?? source.tree,
      settings: source.settings,
      conditions: source.conditions,
    });
    reply.code(201);
    return summary(docId);
  });

  app.patch(`${DOCUMENTS_BASE}/:id`, editor, async (request) => {
    const docId = paramId(request);
    const current = await row(docId);
    const input = parse(updateBody, request.body, 'body');
    const changes: Partial<Record<'title' | 'slug' | 'settings' | 'conditions', string>> = {};
    if (input.title) changes.title = input.title;
    if (input.slug && input.slug !== current.slug) {
      if ((await freeSlug(db, current.type, input.slug, docId)) !== input.slug)
        throw errors.invalidParam('Another document already uses this slug.', { slug: 'Another document already uses this slug.' });
      changes.slug = input.slug;
    }
    if (input.settings) changes.settings = JSON.stringify(checkedSettings(current.type, input.settings));
    if (input.conditions) changes.conditions = JSON.stringify(input.conditions);
    try {
      if (Object.keys(changes).length)
        await db
          .updateTable('documents')
          .set({ ...changes, updated_at: Date.now() })
          .where('id', '=', docId)
          .execute();
    } catch (error) {
      if (isUniqueViolation(error))
        throw errors.invalidParam('Another document already uses this slug.', { slug: 'Another document already uses this slug.' });
      throw error;
    }
    return summary(docId);
  });

  app.post(`${DOCUMENTS_BASE}/:id/trash`, editor, async (request) => {
    const docId = paramId(request);
    await row(docId);
    await db.updateTable('documents').set({ status: 'trash', updated_at: Date.now() }).where('id', '=', docId).execute();
    return summary(docId);
  });

  // Restored documents come back as drafts (as WordPress restores them): publishing shows them again.
  app.post(`${DOCUMENTS_BASE}/:id/restore`, editor, async (request) => {
    const docId = paramId(request);
    const r = await row(docId);
    if (r.status !== 'trash') throw errors.invalidParam('The document is not in the trash.');
    await db.updateTable('documents').set({ status: 'draft', updated_at: Date.now() }).where('id', '=', docId).execute();
    return summary(docId);
  });
}
