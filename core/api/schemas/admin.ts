import { z } from 'zod';
import type { ContactInboxPage } from '../../wire/contact-message';
import { IMPORT_KINDS } from '../../catalogue/rows';
import type { ImportDetail, ImportHistory } from '../../wire/imports';
import { CONTENT_KINDS } from '../../wire/content-block';
import { bool, exactly, int, itemsOf, jsonObject, nullableStr, str, text } from './common';

// The admin screens' answers: users, the debug log, the contact inbox, content blocks, redirects, usage counts,
// feed imports and the catalogue's exports (server/routes/admin/, server/routes/seo/redirects.ts,
// server/routes/auth/password-routes.tsx, server/routes/usage-events.ts).

export const users = z.object({ users: z.array(z.object({ id: int, email: str, name: str, roles: z.array(str) })) });
export const resetLink = z.object({ path: str, url: str });

const logEntry = z.object({ id: int, level: str, message: str, context: jsonObject, created_at: str });
export const debugLog = z.object({ entries: z.array(logEntry) });
export const debugLogDownload = z.object({ data: z.object({ log: str, generated_at: str, entries: z.array(logEntry) }) });
export const debugLogCleared = z.object({ cleared: int });

export const contactInbox = z.object({
  messages: z.array(
    z.object({
      id: int,
      store_id: int,
      store_name: nullableStr,
      name: str,
      email: str,
      phone: str,
      topic: str,
      message: str,
      created_at: z.number(),
    }),
  ),
  total: int,
  page: int,
  per_page: int,
});
exactly<z.output<typeof contactInbox>, ContactInboxPage>(true);

export const contentBlock = z.object({
  id: int,
  kind: z.enum(CONTENT_KINDS),
  slug: str,
  slider_id: str,
  html: str,
  title: str,
  store_ids: z.array(int),
  store_group_ids: z.array(int),
  user_group_ids: z.array(int),
  priority: z.number(),
  starts_at: z.number().nullable(),
  ends_at: z.number().nullable(),
  updated_at: z.number(),
  live: bool,
});
export const contentBlocks = itemsOf(contentBlock);
export const contentBlockPreview = z.object({ block_id: int.nullable(), html: str });
export const deleted = z.object({ deleted: bool });

const redirect = z.object({ id: int, from_path: str, to_path: str, source: str, created_at: z.number() });
export const redirects = itemsOf(redirect);
export const redirectAdded = z.object({ from: str, to: str, notes: z.array(str), items: z.array(redirect) });
export const redirectImport = z.object({
  dry_run: bool,
  rows: z.array(
    z.object({
      line: int,
      from: str,
      to: str,
      problems: z.array(z.object({ field: z.enum(['from', 'to']), message: str })),
      notes: z.array(str),
    }),
  ),
  accepted: int,
  refused: int,
  chains: int,
  items: z.array(redirect).optional(),
});

export const usageCounts = z.object({ counts: z.array(z.object({ name: str, count: int })) });

const importCounts = z.object({ rows: int, rejected: int, new: int, changed: int, unchanged: int, removed: int }).partial();
const importSummary = z.object({
  id: int,
  kind: z.enum(IMPORT_KINDS),
  file_name: str,
  mode: z.enum(['dry-run', 'apply']),
  options: z.object({ complete: bool, skip_invalid: bool }),
  user_name: str,
  status: z.enum(['running', 'dry-run', 'applied', 'rejected', 'failed', 'interrupted']),
  phase: str,
  rows_read: int,
  bytes_read: z.number(),
  bytes_total: z.number().nullable(),
  counts: importCounts,
  started_at: z.number(),
  finished_at: z.number().nullable(),
  can_apply: bool,
});
export const importDetail = importSummary.extend({
  rejected: z.array(z.object({ line: int, column: str, message: str })),
  rejected_total: int,
  sample: z.object({
    new: z.array(z.object({ label: str })),
    changed: z.array(z.object({ label: str, changes: z.record(str, z.tuple([z.unknown(), z.unknown()])) })),
    removed: z.array(z.object({ key: jsonObject })),
  }),
  error: z.object({ code: str, message: str, column: str.optional(), line: int.optional() }).nullable(),
});
exactly<z.output<typeof importDetail>, ImportDetail>(true);
export const importHistory = z.object({ imports: z.array(importSummary), running: int.nullable(), page: int, per_page: int });
exactly<z.output<typeof importHistory>, ImportHistory>(true);

/** A CSV export: text, streamed as it is. */
export const csv = text;
