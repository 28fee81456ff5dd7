import type { SiteSettings } from '../config/site-settings';
import type { ElementNode } from '../wire/document';
import { endpoint } from './endpoint';
import type * as S from './schemas/editor';

// The editor's routes (documents, revisions, schedule, preview links, uploads, Site Settings, preferences,
// templates and kits): call them with `api(editor.document, { params: { id } })`. Reference: docs/editor.md.

const SITE = '/wp-json/site/v1';
const DOCUMENTS = `${SITE}/documents`;

export interface DisplayCondition {
  type: 'include' | 'exclude';
  pages: 'all' | string[];
}
export type DocumentType = 'page' | 'popup' | 'loop-item' | 'header' | 'footer' | 'template' | 'theme' | 'global-widget';
export interface SaveDocument {
  tree: ElementNode[];
  title?: string;
  base_version?: number;
  autosave?: boolean;
  /** The editor tab's soft-lock token (core/wire/editorial.ts). */
  lock_token?: string;
}
export interface PreviewLinkRequest {
  mode?: 'draft' | 'at';
  at?: number | null;
  store_id?: number | null;
  /** As typed into the form: the server names an item that is not a group id. */
  user_group_ids?: unknown[];
  /** desktop, tablet or mobile (the server refuses anything else next to the field). */
  device?: string;
  ttl_minutes?: number;
}

export const documents = endpoint<typeof S.documentList, { query: { type?: DocumentType } }>()('GET', DOCUMENTS);
export const document = endpoint<typeof S.editorDocument>()('GET', `${DOCUMENTS}/:id`);
export const saveDraft = endpoint<typeof S.editorDocument, { body: SaveDocument }>()('PUT', `${DOCUMENTS}/:id/draft`);
export const publish = endpoint<typeof S.editorDocument, { body: SaveDocument }>()('POST', `${DOCUMENTS}/:id/publish`);
/** Database content for the data widgets of an unsaved tree (a loop grid just added or given a template). */
export const widgetData = endpoint<typeof S.widgetData, { body: { tree: ElementNode[] } }>()('POST', `${DOCUMENTS}/:id/widget-data`);
export const documentSettings = endpoint<typeof S.documentSummary>()('GET', `${DOCUMENTS}/:id/settings`);
export const createDocument = endpoint<typeof S.documentSummary, { body: { type: string; title: string; slug?: string } }>()(
  'POST',
  DOCUMENTS,
);
export const duplicateDocument = endpoint<typeof S.documentSummary>()('POST', `${DOCUMENTS}/:id/duplicate`);
export const updateDocument = endpoint<
  typeof S.documentSummary,
  { body: { title?: string; slug?: string; settings?: Record<string, unknown>; conditions?: DisplayCondition[]; base_version?: number } }
>()('PATCH', `${DOCUMENTS}/:id`);
export const documentReferences = endpoint<typeof S.documentReferences>()('GET', `${DOCUMENTS}/:id/references`);
export const trashDocument = endpoint<typeof S.documentSummary, { body: { confirm_home?: boolean } }>()('POST', `${DOCUMENTS}/:id/trash`);
export const restoreDocument = endpoint<typeof S.documentSummary>()('POST', `${DOCUMENTS}/:id/restore`);

export const revisions = endpoint<typeof S.revisions>()('GET', `${DOCUMENTS}/:id/revisions`);
export const revision = endpoint<typeof S.revision>()('GET', `${DOCUMENTS}/:id/revisions/:rev`);
export const restoreRevision = endpoint<typeof S.revisionRestored, { body: { base_version?: number } }>()(
  'POST',
  `${DOCUMENTS}/:id/revisions/:rev/restore`,
);
export const schedule = endpoint<
  typeof S.scheduled,
  { body: { base_version?: number; publish_at: number | null; unpublish_at: number | null } }
>()('PUT', `${DOCUMENTS}/:id/schedule`);
export const previewLink = endpoint<typeof S.previewLink, { body: PreviewLinkRequest }>()('POST', `${DOCUMENTS}/:id/preview-link`);
export const revokePreviewLinks = endpoint<typeof S.previewLinksRevoked>()('POST', `${DOCUMENTS}/:id/preview-links/revoke`);

/** The rich-text image upload: multipart field `file`. */
export const upload = endpoint<typeof S.uploaded, { upload: 'form' }>()('POST', `${SITE}/uploads`);

export const siteSettings = endpoint<typeof S.siteSettingsState>()('GET', `${SITE}/site-settings`);
export const saveSiteSettingsDraft = endpoint<typeof S.siteSettingsState, { body: SiteSettings }>()('PUT', `${SITE}/site-settings/draft`);
export const publishSiteSettings = endpoint<typeof S.siteSettingsState, { body: SiteSettings | undefined }>()(
  'POST',
  `${SITE}/site-settings/publish`,
);
export const preferences = endpoint<typeof S.editorPreferences>()('GET', `${SITE}/editor/preferences`);
export const savePreferences = endpoint<typeof S.editorPreferences, { body: { lightbox_enabled_in_editor: 'yes' | 'no' } }>()(
  'PUT',
  `${SITE}/editor/preferences`,
);

/** Which product slugs named by dynamic tags are not active products (the editor's warning; docs/editor.md). */
/** Products for the editor's product picker: `q` searches names and brands, `ids` (commas) names chosen ones. */
export const productChoices = endpoint<typeof S.productChoices, { query: { q?: string; ids?: string } }>()(
  'GET',
  `${SITE}/editor/product-choices`,
);
export const dynamicTagCheck = endpoint<typeof S.dynamicTagCheck, { query: { products: string } }>()('GET', `${SITE}/dynamic-tags/check`);

export const siteTemplates = endpoint<typeof S.siteTemplates>()('GET', `${SITE}/templates/site`);
export const cloudTemplates = endpoint<typeof S.cloudTemplates>()('GET', `${SITE}/templates/cloud`);
/** One cloud template's elements, for the editor to insert into the page. */
export const cloudTemplate = endpoint<typeof S.cloudTemplate>()('GET', `${SITE}/templates/cloud/:id`);
export const applyCloudTemplate = endpoint<typeof S.templateApplied>()('POST', `${SITE}/templates/cloud/:id/apply`);
export const exportKit = endpoint<typeof S.kitFile>()('GET', `${SITE}/kits/export`);
export const importKit = endpoint<typeof S.kitImported, { query: { on_conflict?: 'skip' | 'duplicate' }; body: unknown }>()(
  'POST',
  `${SITE}/kits/import`,
);
