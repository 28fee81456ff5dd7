import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { answers, inputs, idParams, parse, withSchemas } from '../../validation';
import { hasControlCharacters } from '../../../core/security/control-characters';
import {
  createDraft,
  documentReferences,
  duplicateDocument,
  findDocument,
  freeSlug,
  restoreDocument,
  slugTaken,
  trashDocument,
  updateMeta,
} from '../../services/documents/repository';
import { conditionsSchema, pageSettingsSchema, popupSettingsSchema } from '../../services/editor/document-settings';
import { authorOf } from './documents';
import { saveSettings, workingSettings } from '../../services/documents/revisions';
import { listStores } from '../../services/stores';
import { assertMayEdit, assertMayPublish, documentRights } from '../../services/editorial/policy';
import { CREATABLE_TYPES, documentActions, rightNeeded, type DocumentAction } from '../../../core/wire/editorial';
import { ids } from '../../../core/popups/types';
import { seoFieldsSchema } from '../../../core/wire/seo';
import { siteOrigin } from '../../render/seo-head';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';
import { GLOBAL_WIDGET_DOC_TYPE } from '../../../core/documents/global-widgets';
import { refuseWhileUsed } from '../../services/global-widgets';
import { themeSettingsSchema } from '../../../core/wire/theme';
import { checkThemeTargets } from '../../services/theme/templates';

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
  // Product pages own /products/{slug} (docs/seo.md); the listing page keeps /products itself.
  .refine((v) => !v.startsWith('products/'), 'Addresses under /products/ are reserved for product pages.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.')
  .max(80, 'The slug may be at most 80 characters.');

const createBody = z.object({
  type: z.enum(CREATABLE_TYPES, { error: 'Choose page, popup, loop-item, template or theme.' }),
  title,
  slug: slug.optional(),
});
const updateBody = z
  .object({
    title: title.optional(),
    slug: slug.optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    conditions: conditionsSchema.optional(),
    /** The version the settings were edited from: a stale one answers 409 (services/documents/revisions.ts). */
    base_version: z.number().int().min(0).optional(),
  })
  .strict();

const trashBody = z.object({ confirm_home: z.boolean().optional() }).strict().nullish();

/** The published page served at `/`. */
const isHome = (doc: { type: string; slug: string; status: string }): boolean =>
  doc.type === 'page' && doc.slug === 'home' && doc.status === 'publish';

export const slugFrom = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 70) || 'untitled';

/**
 * Settings are checked against the schema of the document's type, known only once the document is read; a
 * page's SEO fields against the one SEO schema (core/wire/seo.ts), canonical addresses bounded to the site.
 */
function checkedSettings(type: string, settings: Record<string, unknown>, origin: string): Record<string, unknown> {
  if (type === 'popup') return parse(popupSettingsSchema, settings, 'settings');
  // A theme template's location and conditions (docs/editor.md, "Theme builder"), each message on its field.
  if (type === 'theme') return parse(z.object({ theme: themeSettingsSchema }).passthrough(), settings, 'settings');
  if (type === 'page') return parse(pageSettingsSchema.extend({ seo: seoFieldsSchema(origin).optional() }), settings, 'settings');
  return settings;
}

/** A store-specific popup must name stores that exist: 400 next to its field otherwise. */
async function checkPopupStores(db: FastifyInstance['db']['kysely'], settings: Record<string, unknown>): Promise<void> {
  const wanted = ids((settings.timing as Record<string, unknown> | undefined)?.stores_ids);
  if (!wanted.length) return;
  const known = new Set((await listStores(db)).map((s) => s.id));
  const unknown = wanted.filter((storeId) => !known.has(storeId));
  if (!unknown.length) return;
  const message = `Unknown store id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`;
  throw errors.invalidParam(message, { 'timing.stores_ids': message });
}

/** Display conditions may only name pages that exist (and are not in the trash): 400 on the field otherwise. */
async function checkConditionPages(db: FastifyInstance['db']['kysely'], conditions: z.infer<typeof conditionsSchema>): Promise<void> {
  const wanted = [...new Set(conditions.flatMap((c) => (c.pages === 'all' ? [] : c.pages)))];
  if (!wanted.length) return;
  const rows = await db
    .selectFrom('documents')
    .select('slug')
    .where('type', '=', 'page')
    .where('status', '!=', 'trash')
    .where('slug', 'in', wanted)
    .execute();
  const known = new Set(rows.map((r) => r.slug));
  const unknown = wanted.filter((s) => !known.has(s));
  if (!unknown.length) return;
  const message = `No page has the slug${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}.`;
  throw errors.invalidParam(message, { conditions: message });
}

type SummaryEndpoint = typeof editorApi.documentSettings | typeof editorApi.restoreDocument;

export async function documentAdminRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  // Opening documents is edit_content; the role manager's policy decides the types a role edits, and whether it
  // may take a page online or offline (trash, restore, a live slug) or only submit for review.
  const editor = { preValidation: requireCapability('edit_content') };
  const oneDocument = (endpoint: SummaryEndpoint) => ({
    ...editor,
    schema: { params: idParams, response: answers(endpoint, S.documentSummary) },
  });
  /** The document, once the caller's roles may take the action on it (the right it needs: core/wire/editorial.ts). */
  const stored = async (request: FastifyRequest, docId: number, action: DocumentAction | 'edit' = 'edit') => {
    const doc = await findDocument(db, docId);
    if (!doc) throw errors.missing('Document');
    const rights = await documentRights(db, request.visitor.user);
    if (action !== 'edit' && rightNeeded(action, doc) === 'publish')
      assertMayPublish(rights, doc.type, action === 'rename' ? 'rename live' : action);
    else assertMayEdit(rights, doc.type);
    return doc;
  };
  const load = async (docId: number) => {
    const doc = await findDocument(db, docId);
    if (!doc) throw errors.missing('Document');
    return doc;
  };
  const summary = async (docId: number) => {
    const d = await load(docId);
    const working = workingSettings(d);
    return {
      id: d.id,
      type: d.type,
      slug: d.slug,
      title: d.title,
      status: d.status,
      // What the editor edits: the draft's settings when there are unpublished ones; conditions as checked on
      // save (the answer's schema needs their shape).
      settings: working.settings,
      conditions: conditionsSchema.parse(working.conditions),
      has_draft_settings: d.draft_settings != null || d.draft_conditions != null,
      version: d.version,
      updated_at: d.updated_at,
    };
  };
  app.get(editorApi.documentSettings.path, oneDocument(editorApi.documentSettings), async (request) => {
    const doc = await stored(request, request.params.id);
    return { ...(await summary(doc.id)), actions: documentActions(await documentRights(db, request.visitor.user), doc) };
  });

  app.post(
    editorApi.createDocument.path,
    {
      ...editor,
      schema: {
        body: createBody,
        response: answers(editorApi.createDocument, S.documentSummary, 201),
      },
    },
    async (request, reply) => {
      const input = request.body;
      assertMayEdit(await documentRights(db, request.visitor.user), input.type);
      const docId = await createDraft(db, {
        type: input.type,
        title: input.title,
        slug: input.slug ?? slugFrom(input.title),
        tree: [],
        settings: {},
        conditions: [],
      });
      reply.code(201);
      return summary(docId);
    },
  );

  app.post(
    editorApi.duplicateDocument.path,
    { ...editor, schema: { params: idParams, response: answers(editorApi.duplicateDocument, S.documentSummary, 201) } },
    async (request, reply) => {
      const docId = await duplicateDocument(db, await stored(request, request.params.id, 'duplicate'));
      reply.code(201);
      return summary(docId);
    },
  );

  app.patch(
    editorApi.updateDocument.path,
    {
      ...editor,
      schema: {
        params: idParams,
        ...inputs(editorApi.updateDocument, { body: updateBody }),
        response: answers(editorApi.updateDocument, S.documentSummary),
      },
    },
    async (request) => {
      const input = request.body;
      const current = await load(request.params.id);
      // A live page's address and title change at once: renaming it is publishing.
      const renames = (input.slug && input.slug !== current.slug) || (input.title && input.title !== current.title);
      const doc = await stored(request, request.params.id, renames ? 'rename' : 'edit');
      const settings = input.settings && checkedSettings(doc.type, input.settings, siteOrigin(app));
      if (settings) await checkPopupStores(db, settings);
      if (settings && doc.type === 'theme') await checkThemeTargets(db, themeSettingsSchema.parse(settings.theme));
      if (input.conditions) await checkConditionPages(db, input.conditions);
      if (input.slug && input.slug !== doc.slug && (await freeSlug(db, doc.type, input.slug, doc.id)) !== input.slug) throw slugTaken();
      // Settings go into the draft (versioned, a revision, published with the content); title and slug at once.
      if (settings || input.conditions)
        await saveSettings(db, doc.id, {
          settings,
          conditions: input.conditions,
          baseVersion: input.base_version,
          author: authorOf(request),
        });
      await updateMeta(db, doc, { title: input.title, slug: input.slug });
      return summary(doc.id);
    },
  );

  // What links to a document, shown before it is trashed; the home page is named as such.
  app.get(
    editorApi.documentReferences.path,
    { ...editor, schema: { params: idParams, response: answers(editorApi.documentReferences, S.documentReferences) } },
    async (request) => {
      const doc = await stored(request, request.params.id);
      return { is_home: isHome(doc), references: await documentReferences(db, doc) };
    },
  );

  // Trashing the published home page takes `/` offline: the editor must say so (confirm_home), not just click.
  app.post(
    editorApi.trashDocument.path,
    {
      ...editor,
      schema: {
        params: idParams,
        ...inputs(editorApi.trashDocument, { body: trashBody }),
        response: answers(editorApi.trashDocument, S.documentSummary),
      },
    },
    async (request) => {
      const doc = await stored(request, request.params.id, 'trash');
      if (isHome(doc) && request.body?.confirm_home !== true) {
        const message = 'This is the home page: visitors to / get "page not found" until it is restored. Confirm to trash it.';
        throw errors.invalidParam(message, { confirm_home: message });
      }
      // A global widget still on pages would vanish from them: 409 naming the pages (services/global-widgets.ts).
      if (doc.type === GLOBAL_WIDGET_DOC_TYPE) await refuseWhileUsed(db, doc.id, doc.title);
      await trashDocument(db, doc.id);
      return summary(doc.id);
    },
  );

  // Restore puts the document back as it was trashed: a published page is online again at once.
  app.post(editorApi.restoreDocument.path, oneDocument(editorApi.restoreDocument), async (request) => {
    const doc = await stored(request, request.params.id, 'restore');
    if (doc.status !== 'trash') throw errors.invalidParam('The document is not in the trash.');
    await restoreDocument(db, doc.id);
    return summary(doc.id);
  });
}
