import type { ImportKind } from '../catalogue/rows';

// Feed imports as the API answers them (server/routes/admin/imports.ts) and the import screen shows them.

export interface ImportCountsView {
  rows: number;
  rejected: number;
  new: number;
  changed: number;
  unchanged: number;
  removed: number;
}

export interface ImportSummary {
  id: number;
  kind: ImportKind;
  file_name: string;
  mode: 'dry-run' | 'apply';
  options: { complete: boolean; skip_invalid: boolean };
  user_name: string;
  status: 'running' | 'dry-run' | 'applied' | 'rejected' | 'failed' | 'interrupted';
  phase: string;
  rows_read: number;
  bytes_read: number;
  bytes_total: number | null;
  counts: Partial<ImportCountsView>;
  started_at: number;
  finished_at: number | null;
  /** A dry run whose uploaded file is still kept: it can be applied. */
  can_apply: boolean;
}

export interface ImportDetail extends ImportSummary {
  rejected: Array<{ line: number; column: string; message: string }>;
  rejected_total: number;
  sample: {
    new: Array<{ label: string }>;
    changed: Array<{ label: string; changes: Record<string, [unknown, unknown]> }>;
    removed: Array<{ key: Record<string, unknown> }>;
  };
  error: { code: string; message: string; column?: string; line?: number } | null;
}

export interface ImportHistory {
  imports: ImportSummary[];
  running: number | null;
  page: number;
  per_page: number;
}
