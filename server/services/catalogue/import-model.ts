import type { Readable } from 'node:stream';
import type { ImportKind } from '../../../core/catalogue/rows';
import type { Actor } from './audit';
import type { ImportLock } from './import-lock';

// The shapes a feed import (docs/imports.md) is asked with and answers with, and its hooks. The import itself is
// split by concept: import-run.ts (its history row and progress), import-stage.ts (reading, checking, staging),
// import-diff.ts (the database's checks and the difference), import-apply.ts (the switch-in), import-history.ts
// (the same file again) and import.ts (the whole, in order).

export interface ImportCounts {
  rows: number;
  rejected: number;
  new: number;
  changed: number;
  unchanged: number;
  removed: number;
}

export interface RejectedRow {
  line: number;
  column: string;
  message: string;
}

export interface DiffSample {
  new: Array<{ label: string }>;
  changed: Array<{ label: string; changes: Record<string, [unknown, unknown]> }>;
  removed: Array<{ key: Record<string, unknown> }>;
}

export type ImportStatus = 'running' | 'dry-run' | 'applied' | 'rejected' | 'failed' | 'interrupted';

export interface ImportOutcome {
  id: number;
  status: Exclude<ImportStatus, 'running' | 'interrupted'>;
  counts: ImportCounts;
  /** The first REJECTED_KEPT rejected rows (the command line prints every one as it goes). */
  rejected: RejectedRow[];
  sample: DiffSample;
  error?: { code: string; message: string; column?: string; line?: number };
  ms: number;
  /** Milliseconds per phase: reading (parse, check, stage), checking, difference, switch-in. */
  phases: Record<string, number>;
  /** This process's CPU milliseconds per phase (absent for an import that died on its worker). */
  phasesCpu?: Record<string, number>;
}

export interface ImportRequest {
  kind: ImportKind;
  mode: 'dry-run' | 'apply';
  complete: boolean;
  skipInvalid: boolean;
  fileName: string;
  fileKey?: string | null;
  /** The file's SHA-256 when the caller already has it (an upload hashes as it stores); else it is read once. */
  fileSha256?: string;
  bytesTotal?: number | null;
  actor: Actor;
  open(): Readable;
  /** Held for an apply (acquireImportLock). */
  lock?: ImportLock;
  /** Every rejected row, as found (the command line prints them). */
  onRejected?(row: RejectedRow): void;
}

export interface ImportProgress {
  id: number;
  kind: ImportKind;
  phase: string;
  rows: number;
  bytes: number;
  bytesTotal: number | null;
}

export const REJECTED_KEPT = 1000;

/** Progress of running imports, for a metrics gauge: set `importHooks.onProgress` (docs/imports.md). */
export const importHooks: {
  onProgress: ((p: ImportProgress) => void) | null;
  /** Test-only: runs inside the switch-in transaction, after its writes, before it commits. */
  beforeCommit: ((id: number) => Promise<void>) | null;
  /** Test-only: runs between the short statements that stage rows or build the new shelf (no transaction open). */
  onCopied: ((id: number) => Promise<void>) | null;
} = {
  onProgress: null,
  onCopied: null,
  // The crash test (import-kill.test.ts) starts a server with IMPORT_TEST_HOLD_AT_SWITCH=<file>: the switch-in
  // writes that file and waits, so the test can SIGKILL the process with the transaction open.
  beforeCommit: process.env.IMPORT_TEST_HOLD_AT_SWITCH
    ? async () => {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(process.env.IMPORT_TEST_HOLD_AT_SWITCH!, String(process.pid));
        await new Promise(() => undefined);
      }
    : null,
};

/** What the catalogue looked like right after an import applied: the same file again finds it so, or not. */
export interface Fingerprint {
  /** Rows written by the import carry this updated_at; anything changed later has a larger one. */
  applied_at: number;
  /** The table's row count after it (a deleted row changes it). */
  count: number;
}
