import type { Generated } from 'kysely';

// The page builder's tables: documents, their revisions, content blocks, measured views and events, A/B variants,
// preview links, and the Form widget's submissions (server/db/schema.ts composes them into Database).

export interface DocumentsTable {
  id: number;
  type: string; // page | popup | loop-item | header | footer | template
  slug: string;
  title: string;
  status: string; // publish | draft
  tree: string; // JSON element tree
  settings: string; // JSON page settings
  conditions: string; // JSON display conditions
  updated_at: number;
  draft_tree?: string | null; // JSON element tree the editor saved and has not published (migration 060)
  draft_updated_at?: number | null;
  published_at?: number | null;
  version: Generated<number>; // bumped by every save and publish (migration 100)
  scheduled_tree?: string | null; // JSON tree that goes live at publish_at
  publish_at?: number | null;
  unpublish_at?: number | null;
  trashed_status?: string | null; // the status it had when trashed, restored by Restore (migration 210)
  draft_settings?: string | null; // JSON settings saved and not yet published (migration 211)
  draft_conditions?: string | null; // JSON display conditions saved and not yet published (migration 211)
}

export interface DocumentRevisionsTable {
  id: Generated<number>;
  document_id: number;
  version: number;
  action: string; // draft | autosave | publish | restore | schedule
  title: string;
  tree: string; // JSON element tree as saved
  changes: string; // JSON ElementChange[] against the document before this save
  user_id: number | null;
  user_name: string;
  created_at: number;
  settings?: string | null; // JSON settings as saved with this revision (migration 211)
  conditions?: string | null; // JSON display conditions as saved with this revision (migration 211)
}

export interface ContentBlocksTable {
  id: Generated<number>;
  kind: string; // site-banner | slider | cta | personalized-content
  slug: string;
  slider_id: string;
  html: string; // sanitised on write
  store_ids: string; // JSON number[]; empty = any store
  store_group_ids: string; // JSON number[]
  user_group_ids: string; // JSON number[]
  priority: number;
  updated_at: number;
  starts_at?: number | null; // shown from (ms, migration 101); null = open
  ends_at?: number | null; // shown until (ms, exclusive)
  title?: Generated<string>;
}

/** A view of a measured subject, issued by the server (migration 181): its impression. */
export interface ContentViewsTable {
  view_id: string;
  subject_type: string;
  subject_id: number;
  variant: string;
  day: string;
  created_at: number;
}

/** Content events older than 30 days, rolled up per day (migration 181). */
export interface ContentEventDaysTable {
  id: Generated<number>;
  day: string;
  subject_type: string;
  subject_id: number;
  variant: string;
  store_id: number | null;
  audience: string;
  impression: number;
  click: number;
  close: number;
  add_to_cart: number;
}

/** Events refused per day and reason (migration 181). */
export interface ContentEventRefusalsTable {
  day: string;
  reason: string;
  count: number;
}

/** Preview links (migration 183): the token's hash, its document, creator and claims. */
export interface PreviewLinksTable {
  token_hash: string;
  document_id: number;
  created_by: number;
  claims: string;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
}

export interface ContentEventsTable {
  id: Generated<number>;
  view_id: string;
  subject_type: string; // popup | block
  subject_id: number;
  variant: string; // A | B
  event: string; // impression | click | close | add_to_cart
  store_id: number | null;
  audience: string; // anonymous | customer
  day: string; // YYYY-MM-DD (UTC)
  created_at: number;
}

export interface ContentVariantsTable {
  id: Generated<number>;
  subject_type: string;
  subject_id: number;
  payload: string; // JSON {html} | {tree}
  created_at: number;
}

/** Migration 300: Form widget submissions (docs/widgets.md, "Form"); `fields` is JSON text. */
export interface FormSubmissionsTable {
  id: Generated<number>;
  document_id: number;
  element_id: string;
  form_name: string;
  fields: string;
  page_path: string;
  user_id: number | null;
  emailed: number;
  created_at: number;
}
