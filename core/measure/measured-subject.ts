import { Handler } from '../handlers/base';
import type { SubjectType } from '../wire/content-event';
import { SITE_CONFIG_ID } from '../config/site-config';
import { browserRefusesTracking, ContentTracker } from './tracker';
import { api } from '../api/client';
import { openView, sendContentEvents, variantFor } from '../api/content';
import { rememberClick, sessionStore } from './visit';

// A measured subject (a popup or a content block) on the page: for visitors in variant B of an A/B test, its
// variant B content is swapped in first (in the browser, so a cached page is the same for every visitor); then
// its impressions, clicks on a link or button inside it and (popups) closes are recorded and sent in batches,
// at the latest when the page is left. Nothing is fetched or sent when the visitor refused tracking.

export type Variant = 'A' | 'B';

let pageTracker: ContentTracker | null = null;

/** A preview (a preview link, or an editor's ?preview=true page): never measured (the server refuses it too). */
function isPreviewPage(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const config = JSON.parse(document.getElementById(SITE_CONFIG_ID)?.textContent ?? '{}') as {
      environmentMode?: { wpPreview?: boolean };
    };
    return config.environmentMode?.wpPreview === true || location.pathname.startsWith('/preview/');
  } catch {
    return false;
  }
}

/** One tracker per page view, shared by every measured element of the page and the cart attribution. */
export function tracker(): ContentTracker {
  pageTracker ??= new ContentTracker({
    send: (events) => api(sendContentEvents, { body: { events }, keepalive: true }),
    openView: async (subject_type, subject_id, variant) =>
      (await api(openView, { body: { subject_type, subject_id, variant } })).view_id ?? null,
    refused: () => browserRefusesTracking() || isPreviewPage(),
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    randomId: () => crypto.randomUUID(),
  });
  return pageTracker;
}

/**
 * The visitor's variant of a subject; for variant B its content is put into `target` (sanitised by the server
 * when the variant was saved). A without a visitor id (tracking refused) or when the call fails.
 */
export async function applyVariant(subject: SubjectType, id: number, target: HTMLElement | null): Promise<Variant> {
  const visitor = tracker().visitorId();
  if (!visitor || !target) return 'A';
  const answer = await api(variantFor, { params: { type: subject, id }, query: { visitor } }).catch(() => null);
  if (answer?.variant !== 'B' || answer.html === null) return 'A';
  target.innerHTML = answer.html;
  return 'B';
}

/** The measured subject's id from its data attribute, or null where it is missing or not a positive integer. */
export function subjectId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A click on a link or button of a measured subject, remembered for the visit (a later add-to-cart counts for it). */
export function recordClick(t: ContentTracker, subject: SubjectType, id: number, variant: Variant): void {
  void t.record(subject, id, 'click', variant);
  void t.viewOf(subject, id).then((view_id) => {
    if (view_id && !t.refused) rememberClick(sessionStore(), { subject_type: subject, subject_id: id, variant, view_id });
  });
}

/**
 * The handler of a measured subject. Subclasses name the subject and where its id and variant B content are,
 * and record what shows it in `measure`; connect runs nothing in the editor or without a valid id.
 */
export abstract class MeasuredSubjectHandler extends Handler {
  protected abstract readonly subject: SubjectType;
  protected variant: Variant = 'A';

  /** The subject's id as its data attribute holds it. */
  protected abstract rawId(): string | undefined;
  /** Where variant B's content goes. */
  protected abstract variantTarget(): HTMLElement | null;
  /** Records the subject's events once its variant is known (listeners through `listen`/`onCleanup`). */
  protected abstract measure(t: ContentTracker, id: number): void;

  override async connect(): Promise<void> {
    const id = subjectId(this.rawId());
    if (this.isEdit || id === null) return;
    const t = tracker();
    this.variant = await applyVariant(this.subject, id, this.variantTarget());
    this.measure(t, id);
    this.listen(window, 'pagehide', () => void t.flush());
  }

  /** Records clicks on a link or button inside the subject, except those matching `ignore`; `then` runs after each. */
  protected measureClicks(t: ContentTracker, id: number, options: { ignore?: string; then?: () => void } = {}): void {
    this.listen(this.element, 'click', (e) => {
      const target = (e.target as Element | null)?.closest('a, button');
      if (!target || (options.ignore && target.matches(options.ignore))) return;
      recordClick(t, this.subject, id, this.variant);
      options.then?.();
    });
  }
}
