import { VisitorStorage } from '../storage/local-storage';
import { ACTIVE_SESSION_KEY, countVisit, PAGE_VIEWS_KEY, SESSIONS_KEY } from './visit-counter';
import { TIME_FRAMES } from '../config/time-frames';

// What the popups remember about a visitor, in local storage under the 'elementor' key (session storage
// for the per-session values): page views, sessions, per-popup show times and impression counts, and the
// do-not-show-again disable flag.
export const KEYS = {
  pageViews: PAGE_VIEWS_KEY,
  sessions: SESSIONS_KEY,
  activeSession: ACTIVE_SESSION_KEY,
  times: (id: string) => `popup_${id}_times`,
  sessionTimes: (id: string) => `popup_${id}_times`,
  impressions: (id: string) => `popup_${id}_impressions`,
  disable: (id: string) => `popup_${id}_disable`,
} as const;

/** Longest time frame worth remembering show times for (a month, docs/behaviour.md). */
const MONTH_MS = TIME_FRAMES.month * 1000;

export class PopupVisitorStorage {
  constructor(
    private readonly storage: VisitorStorage = new VisitorStorage(),
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Counts this page view (and a new session); the boot bundle does it once per page. */
  countVisit(): void {
    countVisit(this.storage);
  }

  pageViews(): number {
    return count(this.storage.get(KEYS.pageViews));
  }

  sessions(): number {
    return count(this.storage.get(KEYS.sessions));
  }

  /** Epoch ms of the popup's shows (the lifetime count is their number). */
  showTimes(id: string): number[] {
    const raw = this.storage.get<unknown>(KEYS.times(id));
    return Array.isArray(raw) ? raw.filter((t): t is number => typeof t === 'number') : [];
  }

  sessionShows(id: string): number {
    return count(this.storage.get(KEYS.sessionTimes(id), { session: true }));
  }

  impressions(id: string): number {
    return count(this.storage.get(KEYS.impressions(id)));
  }

  /** Records one show: its time, the session count and the impression count. */
  recordShow(id: string): void {
    const now = this.now();
    const times = this.showTimes(id);
    // Keep every show for the lifetime count, but only the last month's need their time: older ones stay as 0.
    const kept = times.map((t) => (now - t >= MONTH_MS ? 0 : t));
    this.storage.set(KEYS.times(id), [...kept, now]);
    this.storage.set(KEYS.sessionTimes(id), this.sessionShows(id) + 1, { session: true });
    this.storage.set(KEYS.impressions(id), this.impressions(id) + 1);
  }

  isDisabled(id: string): boolean {
    return this.storage.get(KEYS.disable(id)) === true;
  }

  /** Do-not-show-again: the popup never shows again in this browser. */
  disable(id: string): void {
    this.storage.set(KEYS.disable(id), true);
  }
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
