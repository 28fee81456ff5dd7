import { z } from 'zod';
import type { SiteSettings } from '../../config/site-settings';
import type { ElementNode } from '../../wire/document';
import { DOC_TYPES, KIT_FORMAT, type KitFile } from '../../wire/kit-manifest';
import type { EditorDocument } from '../../wire/editor-document';
import type { RevisionDetail, RevisionSummary } from '../../wire/document-revision';
import { CREATABLE_TYPES } from '../../wire/creatable-types';
import { bool, exactly, int, itemsOf, jsonObject, str } from './common';

// The editor's answers (/wp-json/site/v1/, server/routes/editor/ and the templates and kits of
// server/routes/admin/templates.ts).

export const elementNode: z.ZodType<ElementNode> = z.lazy(() =>
  z.object({
    id: str,
    elType: z.enum(['container', 'widget']),
    widgetType: str.optional(),
    settings: jsonObject,
    elements: z.array(elementNode),
  }),
);
const tree = z.array(elementNode);

export const editorDocument = z.object({
  id: int,
  type: str,
  slug: str,
  title: str,
  status: str,
  tree,
  has_draft: bool,
  updated_at: z.number().optional(),
  published_at: z.number().nullable().optional(),
  version: int.optional(),
  publish_at: z.number().nullable().optional(),
  unpublish_at: z.number().nullable().optional(),
  widget_data: jsonObject.optional(),
  may_publish: bool.optional(),
});
exactly<z.output<typeof editorDocument>, EditorDocument>(true);
export const widgetData = z.object({ data: jsonObject });

export const documentList = itemsOf(
  z.object({
    id: int,
    type: str,
    slug: str,
    title: str,
    status: str,
    has_draft: bool,
    updated_at: z.number(),
    publish_at: z.number().nullable(),
    unpublish_at: z.number().nullable(),
    /** What the caller's roles may do with it (core/wire/editorial.ts, documentActions): the screen shows only these. */
    actions: z.array(z.enum(['rename', 'duplicate', 'trash', 'restore'])),
  }),
).extend({
  /** The types the caller's roles may create (core/wire/editorial.ts, creatableTypes): the "New document" list. */
  creatable: z.array(z.enum(CREATABLE_TYPES)),
});
/** A document's title, address, settings and display conditions, as the settings panel and the admin list edit them. */
export const documentSummary = z.object({
  id: int,
  type: str,
  slug: str,
  title: str,
  status: str,
  settings: jsonObject,
  conditions: z.array(z.object({ type: z.enum(['include', 'exclude']), pages: z.union([z.literal('all'), z.array(str)]) })),
  /** Settings or conditions saved to the draft and not yet published (docs/editor.md). */
  has_draft_settings: bool,
  version: int,
  updated_at: z.number(),
  /** What the caller's roles may do with it (GET …/settings; core/wire/editorial.ts, documentActions). */
  actions: z.array(z.enum(['rename', 'duplicate', 'trash', 'restore'])).optional(),
});
export const dynamicTagCheck = z.object({ missing_products: z.array(str) });
/** Products a picker offers (docs/editor.md, "Product picker"): by name, or the ones already chosen by id. */
export const productChoices = itemsOf(z.object({ id: int, name: str, brand: str, size: str, active: bool }));
export const documentReferences = z.object({ is_home: bool, references: z.array(z.object({ id: int, title: str, type: str })) });

const kind = z.enum(['added', 'removed', 'changed', 'moved']);
const revisionSummary = z.object({
  id: int,
  version: int,
  action: z.enum(['draft', 'autosave', 'publish', 'restore', 'schedule']),
  title: str,
  user_name: str,
  created_at: z.number(),
  changes: z.object({ added: int, removed: int, changed: int, moved: int }),
});
exactly<z.output<typeof revisionSummary>, RevisionSummary>(true);
export const revisions = itemsOf(revisionSummary);
export const revision = revisionSummary.extend({
  tree,
  diff: z.array(z.object({ id: str, kind, label: str, keys: z.array(str) })),
});
exactly<z.output<typeof revision>, RevisionDetail>(true);
export const revisionRestored = z.object({ restored: int, document: z.object({ version: int, tree }) });
export const scheduled = z.object({ version: int, publish_at: z.number().nullable(), unpublish_at: z.number().nullable() });

export const previewLink = z.object({ url: str, expires_at: z.number() });
export const previewLinksRevoked = z.object({ revoked: int });

export const uploaded = z.object({ location: str });

/** Site Settings (core/config/site-settings.ts: the kit's own control schemas check `kit` on save). */
export const siteSettings = z.object({ name: str, primaryColor: str, iosLink: str, androidLink: str, kit: jsonObject });
exactly<z.output<typeof siteSettings>, SiteSettings>(true);
/** The draft the panel edits and the published settings. */
export const siteSettingsState = z.object({ draft: siteSettings, published: siteSettings, has_draft: bool });
export const editorPreferences = z.object({ lightbox_enabled_in_editor: z.enum(['yes', 'no']) });

const siteTemplate = z.object({ id: int, title: str, doc_type: str, folder: str, updated_at: z.number() });
export const siteTemplates = itemsOf(siteTemplate);
export const cloudTemplates = itemsOf(
  z.object({ id: int, title: str, doc_type: z.enum(['page', 'section', 'popup']), folder: str, description: str }),
);
export const cloudTemplate = z.object({ id: int, title: str, tree });
export const templateApplied = z.object({ template: siteTemplate.optional() });
/** A kit file (core/wire/kit-manifest.ts checks one on import). */
export const kitFile = z.object({
  manifest: z.object({
    kit_format: z.literal(KIT_FORMAT),
    name: str,
    version: str,
    created: str,
    templates: z.record(str, z.object({ title: str, doc_type: z.enum(DOC_TYPES), folder: str.optional() })),
  }),
  templates: z.record(str, z.object({ content: z.array(z.unknown()) })),
  site_settings: siteSettings.optional(),
});
exactly<z.output<typeof kitFile>, KitFile>(true);
export const kitImported = z.object({ imported: z.array(siteTemplate) });
