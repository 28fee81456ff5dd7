import type { Generated } from 'kysely';

// Roles and approval (migration 320, docs/editor.md "Roles and approval"): row types of server/db/schema.ts's
// Database, kept apart so each file holds one area.

export interface RolePoliciesTable {
  role: string;
  doc_types: string; // JSON DocumentType[]
  known_types: string | null; // JSON DocumentType[] the policy was saved knowing (migration 440); null: the first list
  publish: number; // 1 publishes, 0 submits for review
  updated_by: Generated<string>;
  updated_at: number;
}

export interface DocumentReviewsTable {
  id: Generated<number>;
  document_id: number;
  version: number;
  status: string; // pending | changes_requested | approved
  submitted_by_id: number | null;
  submitted_by: string;
  submitted_at: number;
  note: Generated<string>;
  publish_at: number | null;
  decided_by_id: number | null;
  decided_by: string | null;
  decided_at: number | null;
  comment: Generated<string>;
}

export interface DocumentLocksTable {
  document_id: number;
  token: string;
  user_id: number | null;
  user_name: string;
  since: number;
  heartbeat_at: number;
  previous_token: string | null;
}
