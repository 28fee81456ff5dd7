import type { ContentBlockInput, ContentKind } from '../wire/content-block';
import type { ImportKind } from '../catalogue/rows';
import { endpoint } from './endpoint';
import type * as S from './schemas/admin';

// The admin screens' routes: users' reset links, the debug log, the contact inbox, content blocks, redirects,
// usage counts, feed imports. Call them with `api(admin.users)`. Reference: docs/api.md.

const SITE = '/wp-json/site/v1';

export const users = endpoint<typeof S.users>()('GET', `${SITE}/users`);
export const resetLink = endpoint<typeof S.resetLink>()('POST', `${SITE}/users/:id/reset-link`);

export const debugLog = endpoint<typeof S.debugLog>()('GET', `${SITE}/debug-log`);
export const downloadDebugLog = endpoint<typeof S.debugLogDownload>()('POST', `${SITE}/debug-log/download`);
export const clearDebugLog = endpoint<typeof S.debugLogCleared>()('POST', `${SITE}/debug-log/clear`);

export const contactInbox = endpoint<typeof S.contactInbox, { query: { page?: number } }>()('GET', `${SITE}/contact-messages`);

export const contentBlocks = endpoint<typeof S.contentBlocks>()('GET', `${SITE}/content-blocks`);
export const contentBlockPreview = endpoint<
  typeof S.contentBlockPreview,
  { query: { kind: ContentKind; store_id?: number; slider_id?: string; at?: number } }
>()('GET', `${SITE}/content-blocks/preview`);
export const contentBlock = endpoint<typeof S.contentBlock>()('GET', `${SITE}/content-blocks/:id`);
export const createContentBlock = endpoint<typeof S.contentBlock, { body: ContentBlockInput }>()('POST', `${SITE}/content-blocks`);
export const updateContentBlock = endpoint<typeof S.contentBlock, { body: ContentBlockInput }>()('PUT', `${SITE}/content-blocks/:id`);
export const deleteContentBlock = endpoint<typeof S.deleted>()('DELETE', `${SITE}/content-blocks/:id`);

export const redirects = endpoint<typeof S.redirects>()('GET', `${SITE}/redirects`);
export const addRedirect = endpoint<typeof S.redirectAdded, { body: { from: string; to: string } }>()('POST', `${SITE}/redirects`);
export const deleteRedirect = endpoint<typeof S.redirects>()('DELETE', `${SITE}/redirects/:id`);
export const importRedirects = endpoint<typeof S.redirectImport, { body: { csv: string; dry_run?: boolean } }>()(
  'POST',
  `${SITE}/redirects/import`,
);

export const usageCounts = endpoint<typeof S.usageCounts>()('GET', `${SITE}/usage-events/counts`);

/** The feed imports' base path (the server's tests spell addresses under it; the browser calls the endpoints). */
export const IMPORTS_API = '/api/admin/v1/imports';
const IMPORTS = IMPORTS_API;
type Flag = '0' | '1' | 'true' | 'false';
export interface ImportOptions {
  complete?: Flag;
  skip_invalid?: Flag;
}
/** A feed upload: the file is the raw body, its kind, name and options in the query. */
export const startImport = endpoint<
  typeof S.importDetail,
  { query: ImportOptions & { kind: ImportKind; file_name?: string; mode?: 'dry-run' | 'apply' }; upload: 'file' }
>()('POST', IMPORTS);
export const applyImport = endpoint<typeof S.importDetail, { query: ImportOptions }>()('POST', `${IMPORTS}/:id/apply`);
export const imports = endpoint<typeof S.importHistory, { query: { page?: number } }>()('GET', IMPORTS);
export const importDetail = endpoint<typeof S.importDetail>()('GET', `${IMPORTS}/:id`);
