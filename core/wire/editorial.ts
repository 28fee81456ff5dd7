import type { DocumentType } from '../api/editor';
import { CREATABLE_TYPES, type CreatableType } from './creatable-types';

export { CREATABLE_TYPES, type CreatableType };

// Roles and approval (docs/editor.md, "Roles and approval"): which roles edit which document types and whether
// they publish or only submit for review; the review of a submitted draft; the soft lock of a document being
// edited. One set of rules, read by the server (which enforces them) and the editor and admin screens (which
// only show what the server will allow).

export const EDITABLE_TYPES = [
  'page',
  'popup',
  'loop-item',
  'header',
  'footer',
  'template',
  'theme',
  'global-widget',
] as const satisfies readonly DocumentType[];

/** publish: the role publishes itself; review: it submits for review and a publisher approves. */
export type PublishRight = 'publish' | 'review';

export interface RolePolicy {
  role: string;
  label: string;
  doc_types: DocumentType[];
  publish: PublishRight;
  /** Administrators always edit and publish everything (nobody can lock the site out of its own pages). */
  fixed: boolean;
}

/** The roles the role manager lists, in order, with what each may do until an administrator changes it. */
export const DEFAULT_POLICIES: readonly RolePolicy[] = [
  { role: 'administrator', label: 'Administrator', doc_types: [...EDITABLE_TYPES], publish: 'publish', fixed: true },
  // Today's rights: editors edit every document type and publish.
  { role: 'editor', label: 'Editor', doc_types: [...EDITABLE_TYPES], publish: 'publish', fixed: false },
  { role: 'contributor', label: 'Contributor', doc_types: ['page', 'popup'], publish: 'review', fixed: false },
];

export const isPolicyRole = (role: string): boolean => DEFAULT_POLICIES.some((p) => p.role === role);

/**
 * The types the role manager listed when policies were first saved (before theme templates and global widgets).
 * A policy saved without saying which types it knew was saved from this list.
 */
export const FIRST_POLICY_TYPES: readonly DocumentType[] = ['page', 'popup', 'loop-item', 'header', 'footer', 'template'];

/**
 * A saved policy over the role's default, the one rule for types added after it was saved: a type the saved
 * policy knew is as saved (checked or not); a type it did not know yet gets the role's default, so an old
 * saved policy behaves as a new one would (editors keep editing what was added, contributors still do not).
 */
export function savedPolicy(
  defaults: RolePolicy,
  saved: { doc_types: readonly string[]; known_types: readonly string[] | null; publish: PublishRight },
): RolePolicy {
  if (defaults.fixed) return { ...defaults, doc_types: [...defaults.doc_types] };
  const known: readonly string[] = saved.known_types ?? FIRST_POLICY_TYPES;
  const doc_types = EDITABLE_TYPES.filter((t) => (known.includes(t) ? saved.doc_types.includes(t) : defaults.doc_types.includes(t)));
  return { ...defaults, doc_types, publish: saved.publish };
}

/** What a user's roles allow, the most generous of them: a type is editable, and publishable, by any of its roles. */
export interface DocumentRights {
  edit: DocumentType[];
  publish: DocumentType[];
}

export function rightsOf(roles: readonly string[], policies: readonly RolePolicy[]): DocumentRights {
  const edit = new Set<DocumentType>();
  const publish = new Set<DocumentType>();
  for (const p of policies) {
    if (!roles.includes(p.role)) continue;
    for (const t of p.doc_types) {
      edit.add(t);
      if (p.publish === 'publish' || p.fixed) publish.add(t);
    }
  }
  const order = (s: Set<DocumentType>) => EDITABLE_TYPES.filter((t) => s.has(t));
  return { edit: order(edit), publish: order(publish) };
}

export const mayEdit = (rights: DocumentRights, type: string): boolean => rights.edit.some((t) => t === type);

/** The types a user's roles may create: the "New document" list offers these, and the server refuses the others. */
export const creatableTypes = (rights: DocumentRights): CreatableType[] => CREATABLE_TYPES.filter((t) => mayEdit(rights, t));
export const mayPublish = (rights: DocumentRights, type: string): boolean => rights.publish.some((t) => t === type);

/** What a documents-screen row offers besides opening it. */
export type DocumentAction = 'rename' | 'duplicate' | 'trash' | 'restore';

/**
 * The right an action on a document needs, the one definition the server enforces and the screens show:
 * taking a document online or offline (trash, restore) and renaming a live one change the site, so they are
 * publishing; duplicating and renaming a draft are editing.
 */
export const rightNeeded = (action: DocumentAction, doc: { status: string }): 'edit' | 'publish' =>
  action === 'trash' || action === 'restore' || (action === 'rename' && doc.status === 'publish') ? 'publish' : 'edit';

/** The actions the user's roles may take on a document (the screens hide the others). */
export function documentActions(rights: DocumentRights, doc: { type: string; status: string }): DocumentAction[] {
  const all: DocumentAction[] = doc.status === 'trash' ? ['rename', 'duplicate', 'restore'] : ['rename', 'duplicate', 'trash'];
  return all.filter((a) => (rightNeeded(a, doc) === 'publish' ? mayPublish(rights, doc.type) : mayEdit(rights, doc.type)));
}

/** A submission's state: waiting, sent back with comments, approved (published or scheduled). */
export type ReviewStatus = 'pending' | 'changes_requested' | 'approved';

export interface ReviewEntry {
  id: number;
  document_id: number;
  /** The document's version when it was submitted. */
  version: number;
  status: ReviewStatus;
  submitted_by: string;
  submitted_at: number;
  note: string;
  /** When approved: publish at this time (ms) instead of at once; null publishes on approval. */
  publish_at: number | null;
  decided_by: string | null;
  decided_at: number | null;
  comment: string;
}

/** A document's review as the editor shows it: the latest submissions (newest first) and what the caller may do. */
export interface ReviewState {
  document_id: number;
  reviews: ReviewEntry[];
  may_publish: boolean;
  may_edit: boolean;
}

/** A queue row: a submission with its document. */
export interface ReviewQueueItem extends ReviewEntry {
  title: string;
  type: string;
  slug: string;
  /** The document moved on since it was submitted (edits after submitting). */
  changed_since: boolean;
}

// The soft lock: an editor holds a document while its heartbeat is recent; another editor opening it is told
// who, and may take over (the first is told at its next heartbeat or save).
export const LOCK_FRESH_MS = 60_000;
export const LOCK_HEARTBEAT_MS = 15_000;

export interface LockState {
  /** The caller (this editor tab) holds the lock. */
  held: boolean;
  /** Who holds it when the caller does not (or who held it before a take-over). */
  holder: { name: string; since: number; heartbeat_at: number } | null;
  /** The caller held it and someone took over since. */
  taken_over: boolean;
}

export const REVIEW_COMMENT_MAX = 2000;
/** Asking for changes needs a comment: the server's message, also shown by the screens before they call. */
export const CHANGES_NEED_COMMENT = 'Say what should change.';
