import type { ContentEvent, ContentEventName, SubjectType } from '../wire/content-event';
import { trackingRefused, TRACKING_COOKIE } from './consent';

// The browser side of measured content: events of one page view (one random view id) batched and sent
// together; nothing at all when the visitor refused tracking (cookie setting or Global Privacy Control), and
// then no visitor id either, so no A/B assignment can follow them.

export interface TrackerOptions {
  send: (events: ContentEvent[]) => Promise<unknown>;
  refused: () => boolean;
  /** Where the visitor id lives (localStorage in the browser). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  randomId: () => string;
  batchMs?: number;
  schedule?: (fn: () => void, ms: number) => unknown;
  /** Drops a pending `schedule` (clearTimeout with the default schedule). */
  cancel?: (handle: unknown) => void;
}

export const CONTENT_EVENTS_PATH = '/wp-json/site/v1/content-events';
export const VISITOR_KEY = 'hl_visitor';
const BATCH = 50;

export class ContentTracker {
  readonly viewId: string;
  private queue: ContentEvent[] = [];
  private seen = new Set<string>();
  private timer: unknown = null;

  constructor(private readonly options: TrackerOptions) {
    this.viewId = options.randomId();
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

  /** Queues an event (once per view, subject and event: the server would drop a repeat anyway). */
  record(subject_type: SubjectType, subject_id: number, event: ContentEventName, variant: 'A' | 'B' = 'A'): void {
    if (this.refused) return;
    const key = `${subject_type}:${subject_id}:${event}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.queue.push({ view_id: this.viewId, subject_type, subject_id, variant, event });
    if (this.queue.length >= BATCH) void this.flush();
    else if (this.timer === null) this.timer = (this.options.schedule ?? setTimeout)(() => void this.flush(), this.options.batchMs ?? 1000);
  }

  async flush(): Promise<void> {
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
