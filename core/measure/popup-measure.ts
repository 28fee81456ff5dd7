import { Handler } from '../handlers/base';
import { http } from '../http';
import { browserRefusesTracking, ContentTracker, CONTENT_EVENTS_PATH } from './tracker';
import { rememberClick, sessionStore } from './visit';

// Measures a popup: an impression when it shows, a click on a link or button inside it, a close when it
// hides; and for visitors in variant B of an A/B test, swaps in variant B's content first. Nothing is
// fetched or sent when the visitor refused tracking.

let pageTracker: ContentTracker | null = null;

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

export default class PopupMeasureHandler extends Handler {
  private variant: 'A' | 'B' = 'A';

  override async connect(): Promise<void> {
    const id = Number(this.element.dataset.elementorId);
    if (this.isEdit || !Number.isInteger(id) || id <= 0) return;
    const t = tracker();
    const visitor = t.visitorId();
    if (visitor) {
      const answer = await http<{ variant: 'A' | 'B'; html: string | null }>(
        `/wp-json/site/v1/content-variants/popup/${id}/for?visitor=${encodeURIComponent(visitor)}`,
      ).catch(() => null);
      const body = this.element.querySelector<HTMLElement>('.e-popup__body');
      if (answer?.variant === 'B' && answer.html !== null && body) {
        body.innerHTML = answer.html; // sanitised by the server when the variant was saved
        this.variant = 'B';
      }
    }
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
      t.record('popup', id, 'click', this.variant);
      if (!t.refused) rememberClick(sessionStore(), { subject_type: 'popup', subject_id: id, variant: this.variant });
    });
    this.listen(window, 'pagehide', () => void t.flush());
  }
}
