import type { ElementNode } from './document';

// A document as the editor API answers it (server/routes/editor/documents.ts builds it): the draft tree
// when there is one, else the published tree.
export interface EditorDocument {
  id: number;
  type: string;
  slug: string;
  title: string;
  status: string;
  tree: ElementNode[];
  has_draft: boolean;
  updated_at?: number;
  published_at?: number | null;
  /** Bumped by every save and publish; a save sends the version it started from (409 when stale). */
  version?: number;
  /** A scheduled publication: the tree goes live at publish_at (ms); the page goes offline at unpublish_at. */
  publish_at?: number | null;
  unpublish_at?: number | null;
  /** Database content for loop grids and other data widgets, so the preview can render them. */
  widget_data?: Record<string, unknown>;
  /** The signed-in role may publish this document; false: it submits for review (docs/editor.md, "Roles and approval"). */
  may_publish?: boolean;
}
