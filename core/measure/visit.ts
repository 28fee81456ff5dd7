import type { SubjectType } from '../wire/content-event';

// The visit's clicks on measured content (popups, content blocks), kept for the browser session so that an
// add-to-cart later in the same visit, on another page, is counted for what the visitor clicked.

export interface ClickedSubject {
  subject_type: SubjectType;
  subject_id: number;
  variant: 'A' | 'B';
  /** The view that was clicked (an add-to-cart names it). */
  view_id: string;
}

export const VISIT_CLICKS_KEY = 'hl_visit_clicks';
const MAX = 20;

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

function isClicked(v: unknown): v is ClickedSubject {
  const c = v as Partial<ClickedSubject> | null;
  return (
    !!c &&
    (c.subject_type === 'popup' || c.subject_type === 'block') &&
    Number.isInteger(c.subject_id) &&
    (c.subject_id ?? 0) > 0 &&
    (c.variant === 'A' || c.variant === 'B') &&
    typeof c.view_id === 'string' &&
    /^[\w-]{8,64}$/.test(c.view_id)
  );
}

/** What the visitor clicked in this visit (oldest first); a damaged entry reads as nothing. */
export function clickedThisVisit(store: SessionStore | null): ClickedSubject[] {
  if (!store) return [];
  try {
    const parsed: unknown = JSON.parse(store.getItem(VISIT_CLICKS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isClicked) : [];
  } catch {
    return [];
  }
}

/** Remembers a click (once per subject; the latest variant wins; at most MAX subjects, newest kept). */
export function rememberClick(store: SessionStore | null, clicked: ClickedSubject): void {
  if (!store) return;
  const others = clickedThisVisit(store).filter((c) => c.subject_type !== clicked.subject_type || c.subject_id !== clicked.subject_id);
  try {
    store.setItem(VISIT_CLICKS_KEY, JSON.stringify([...others, clicked].slice(-MAX)));
  } catch {
    // storage full or blocked: the add-to-cart is not attributed, the page goes on
  }
}

export const sessionStore = (): SessionStore | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);
