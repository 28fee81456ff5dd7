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
  /** Database content for loop grids and other data widgets, so the preview can render them. */
  widget_data?: Record<string, unknown>;
}
