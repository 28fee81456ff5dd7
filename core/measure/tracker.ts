import type { ContentEvent, ContentEventName, SubjectType } from '../wire/content-event';
import { trackingRefused, TRACKING_COOKIE } from './consent';

// The browser side of measured content: an impression asks the server for a view (POST content-views, which
// counts it and answers its id); the clicks, closes and add-to-cart of that view are batched and sent together
// naming it. Nothing at all when the visitor refused tracking (cookie setting or Global Privacy Control) or the
// page is a preview, and then no visitor id either, so no A/B assignment can follow them.

export interface TrackerOptions {
  send: (events: ContentEvent[]) => Promise<unknown>;
  /** Opens a view of a subject (its impression); the server's view id, or null when it was not counted. */
  openView: (subject_type: SubjectType, subject_id: number, variant: 'A' | 'B') => Promise<string | null>;
  refused: () => boolean;
  /** Where the visitor id lives (localStorage in the browser). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  randomId: () => string;
  batchMs?: number;
  schedule?: (fn: () => void, ms: number) => unknown;
  /** Drops a pending `schedule` (clearTimeout with the default schedule). */
  cancel?: (handle: unknown) => void;
}

export const VISITOR_KEY = 'hl_visitor';
const BATCH = 50;

export class ContentTracker {
  private queue: ContentEvent[] = [];
  private seen = new Set<string>();
  private timer: unknown = null;
  /** The server's view of each subject shown on this page, by 'type:id'. */
  private views = new Map<string, Promise<string | null>>();

  constructor(private readonly options: TrackerOptions) {}

  /** The view id of a subject shown on this page (null: not shown, not counted, or still unknown and then refused). */
  viewOf(subject_type: SubjectType, subject_id: number): Promise<string | null> {
    return this.views.get(`${subject_type}:${subject_id}`) ?? Promise.resolve(null);
  }

  get refused(): boolean {
    return this.options.refused();
  }

  /** A stable id for A/B assignment, created on first use; null when tracking is refused. */
  visitorId(): string | null {
    if (this.refused || !this.options.storage) return null;
    let id = this.options.storage.getItem(VISITOR_KEY);
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      id = this.options.randomId();
      this.options.storage.setItem(VISITOR_KEY, id);
    }
    return id;
  }

  /**
   * Records an event once per page, subject and event. An impression opens the subject's view on the server; the
   * other events wait for it and name it (an add-to-cart names the view that was clicked, `viewId`), and are
   * dropped without one: the server would refuse an event without its impression.
   */
  record(subject_type: SubjectType, subject_id: number, event: ContentEventName, variant: 'A' | 'B' = 'A', viewId?: string): Promise<void> {
    if (this.refused) return Promise.resolve();
    const key = `${subject_type}:${subject_id}:${event}`;
    if (this.seen.has(key)) return Promise.resolve();
    this.seen.add(key);
    const subject = `${subject_type}:${subject_id}`;
    if (event === 'impression') {
      const opened = this.options.openView(subject_type, subject_id, variant).catch(() => null);
      this.views.set(subject, opened);
      return opened.then(() => undefined);
    }
    const view = viewId !== undefined ? Promise.resolve(viewId) : this.viewOf(subject_type, subject_id);
    return view.then((view_id) => {
      if (!view_id || this.refused) return;
      this.queue.push({ view_id, subject_type, subject_id, variant, event });
      if (this.queue.length >= BATCH) void this.flush();
      else if (this.timer === null)
        this.timer = (this.options.schedule ?? setTimeout)(() => void this.flush(), this.options.batchMs ?? 1000);
    });
  }

  async flush(): Promise<void> {
    // Events waiting for their view join the batch once it is known.
    await Promise.all(this.views.values());
    await Promise.resolve();
    // A flush before the batch timer (the page is left) ends that timer too: it would send the next batch early.
    if (this.timer !== null) {
      const cancel =
        this.options.cancel ?? (this.options.schedule ? undefined : (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
      cancel?.(this.timer);
    }
    this.timer = null;
    const events = this.queue.splice(0, BATCH);
    if (!events.length || this.refused) return;
    await this.options.send(events).catch(() => undefined); // measuring never disturbs the page
    if (this.queue.length) await this.flush();
  }
}

/** The browser's refusal signals. */
export function browserRefusesTracking(): boolean {
  const cookie = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${TRACKING_COOKIE}=`))
    ?.slice(TRACKING_COOKIE.length + 1);
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;
  return trackingRefused({ cookie, gpc: gpc === true });
}
