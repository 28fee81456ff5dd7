import { VisitorStorage } from '../storage/local-storage';

// Page views and sessions since the visitor was first seen, for the popups' page_views and sessions rules.
// Counted by the boot bundle on every published page (not only pages with a popup), so it stays tiny.
export const PAGE_VIEWS_KEY = 'pageViews';
export const SESSIONS_KEY = 'sessions';
export const ACTIVE_SESSION_KEY = 'activeSession';

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

/** Counts this page view, and a new session when this browser session has not been seen yet. */
export function countVisit(storage: VisitorStorage = new VisitorStorage()): void {
  storage.set(PAGE_VIEWS_KEY, count(storage.get(PAGE_VIEWS_KEY)) + 1);
  if (!storage.get(ACTIVE_SESSION_KEY, { session: true })) {
    storage.set(ACTIVE_SESSION_KEY, true, { session: true });
    storage.set(SESSIONS_KEY, count(storage.get(SESSIONS_KEY)) + 1);
  }
}
