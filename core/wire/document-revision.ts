import type { ChangeCounts, ElementChange } from '../documents/element-diff';
import type { ElementNode } from './document';

// Revisions of a document as the editor API answers them (server/services/documents/revisions.ts).

export type RevisionAction = 'draft' | 'autosave' | 'publish' | 'restore' | 'schedule';

export interface RevisionSummary {
  id: number;
  version: number;
  action: RevisionAction;
  title: string;
  user_name: string;
  /** ms since the epoch */
  created_at: number;
  changes: ChangeCounts;
}

export interface RevisionDetail extends RevisionSummary {
  tree: ElementNode[];
  /** What this save changed, against the document as it was before it. */
  diff: ElementChange[];
}

/** Who saved since the version a stale save started from (the `data` of a 409 `rest_document_conflict`). */
export interface SaveConflictData {
  status: 409;
  current_version: number;
  saved_by: Array<{ name: string; at: number; action: RevisionAction }>;
}
