import type { AnyDb } from '../migration-helpers';
import { msType } from '../migration-helpers';

// Preview links kept on the server (docs/security.md): the link carries only a short random token (its hash is
// stored), so a selection of any size fits in a URL, and each use checks the link is not revoked or expired, the
// document not trashed, and its creator still an editor. One document's links can be revoked together.
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('preview_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('claims', 'text', (c) => c.notNull()) // JSON PreviewClaims
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('revoked_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('preview_links_document').on('preview_links').column('document_id').execute();
}
