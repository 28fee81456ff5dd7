import { Handler } from '../handlers/base';
import { http } from '../http';
import { browserRefusesTracking, ContentTracker, CONTENT_EVENTS_PATH, type SubjectType } from './tracker';
import { rememberClick, sessionStore } from './visit';

// Measures a popup: an impression when it shows, a click on a link or button inside it, a close when it
// hides; and for visitors in variant B of an A/B test, swaps in variant B's content first. Nothing is
// fetched or sent when the visitor refused tracking.

let pageTracker: ContentTracker | null = null;

/**
 * The visitor's variant of a subject; for variant B its content is put into `target` (sanitised by the server
 * when the variant was saved). A without a visitor id (tracking refused) or when the call fails.
 */
export async function applyVariant(subject: SubjectType, id: number, target: HTMLElement | null): Promise<'A' | 'B'> {
  const visitor = tracker().visitorId();
  if (!visitor || !target) return 'A';
  const answer = await http<{ variant: 'A' | 'B'; html: string | null }>(
    `/wp-json/site/v1/content-variants/${subject}/${id}/for?visitor=${encodeURIComponent(visitor)}`,
  ).catch(() => null);
  if (answer?.variant !== 'B' || answer.html === null) return 'A';
  target.innerHTML = answer.html;
  return 'B';
}

/** One tracker per page view, shared by every measured element of the page. */
export function tracker(): ContentTracker {
  pageTracker ??= new ContentTracker({
    send: (events) => http(CONTENT_EVENTS_PATH, { method: 'POST', body: { events }, keepalive: true }),
    refused: browserRefusesTracking,
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    randomId: () => crypto.randomUUID(),
  });
  return pageTracker;
}

/** The measured subject's id from its data attribute, or null where it is missing or not a positive integer. */
export function subjectId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A click on a link or button of a measured subject, remembered for the visit (a later add-to-cart counts for it). */
export function recordClick(t: ContentTracker, subject: SubjectType, id: number, variant: 'A' | 'B'): void {
  t.record(subject, id, 'click', variant);
  if (!t.refused) rememberClick(sessionStore(), { subject_type: subject, subject_id: id, variant });
}

export default class PopupMeasureHandler extends Handler {
  private variant: 'A' | 'B' = 'A';

  override async connect(): Promise<void> {
    const id = subjectId(this.element.dataset.elementorId);
    if (this.isEdit || id === null) return;
    const t = tracker();
    this.variant = await applyVariant('popup', id, this.element.querySelector<HTMLElement>('.e-popup__body'));
    const mine = (e: { id: string }) => e.id === String(id);
    const shown = (e: { id: string }) => mine(e) && t.record('popup', id, 'impression', this.variant);
    const hidden = (e: { id: string }) => mine(e) && t.record('popup', id, 'close', this.variant);
    this.bus.on('popup:shown', shown);
    this.bus.on('popup:hidden', hidden);
    this.onCleanup(() => {
      this.bus.off('popup:shown', shown);
      this.bus.off('popup:hidden', hidden);
    });
    this.listen(this.element, 'click', (e) => {
      const target = (e.target as Element | null)?.closest('a, button');
      if (!target || target.matches('.e-popup__close, .e-popup-close')) return;
      recordClick(t, 'popup', id, this.variant);
    });
    this.listen(window, 'pagehide', () => void t.flush());
  }
}
