import { z } from 'zod';
import { EDITABLE_TYPES } from '../../wire/editorial';
import type { LockState, ReviewEntry, ReviewQueueItem, ReviewState, RolePolicy } from '../../wire/editorial';
import { bool, exactly, int, itemsOf, str } from './common';

// Answers of the roles-and-approval routes (core/api/editorial.ts).

const docType = z.enum(EDITABLE_TYPES);
const ms = z.number();

export const rolePolicy = z.object({
  role: str,
  label: str,
  doc_types: z.array(docType),
  publish: z.enum(['publish', 'review']),
  fixed: bool,
});
exactly<z.output<typeof rolePolicy>, RolePolicy>(true);
export const rolePolicies = itemsOf(rolePolicy);

const reviewEntry = z.object({
  id: int,
  document_id: int,
  version: int,
  status: z.enum(['pending', 'changes_requested', 'approved']),
  submitted_by: str,
  submitted_at: ms,
  note: str,
  publish_at: ms.nullable(),
  decided_by: str.nullable(),
  decided_at: ms.nullable(),
  comment: str,
});
exactly<z.output<typeof reviewEntry>, ReviewEntry>(true);
export const review = reviewEntry;

export const reviewState = z.object({ document_id: int, reviews: z.array(reviewEntry), may_publish: bool, may_edit: bool });
exactly<z.output<typeof reviewState>, ReviewState>(true);

const queueItem = reviewEntry.extend({ title: str, type: str, slug: str, changed_since: bool });
exactly<z.output<typeof queueItem>, ReviewQueueItem>(true);
export const reviewQueue = itemsOf(queueItem);

export const lockState = z.object({
  held: bool,
  holder: z.object({ name: str, since: ms, heartbeat_at: ms }).nullable(),
  taken_over: bool,
});
exactly<z.output<typeof lockState>, LockState>(true);
