import { Handler } from '../handlers/base';
import { applyVariant, recordClick, subjectId, tracker } from './popup-measure';

// Measures a content block in its slot (a [data-block-id] the server rendered): for visitors in variant B of
// an A/B test, swaps in variant B's content (in the browser, so a cached page is the same for every visitor
// and never carries one visitor's variant to another); an impression once half of it has been in view, a click
// on a link or button inside it (remembered for the visit, so a later add-to-cart counts for it). Nothing is
// fetched or sent when the visitor refused tracking.

export default class BlockMeasureHandler extends Handler {
  private variant: 'A' | 'B' = 'A';

  override async connect(): Promise<void> {
    const id = subjectId(this.element.dataset.blockId);
    if (this.isEdit || id === null) return;
    const t = tracker();
    this.variant = await applyVariant('block', id, this.element);
    this.element.dataset.variant = this.variant;
    this.watchImpression(() => t.record('block', id, 'impression', this.variant));
    this.listen(this.element, 'click', (e) => {
      if (!(e.target as Element | null)?.closest('a, button')) return;
      recordClick(t, 'block', id, this.variant);
      void t.flush(); // a link click leaves the page: send now
    });
    this.listen(window, 'pagehide', () => void t.flush());
  }

  /** Half of the block in view once (at once where IntersectionObserver is missing). */
  private watchImpression(seen: () => void): void {
    if (typeof IntersectionObserver === 'undefined') return seen();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        seen();
      },
      { threshold: 0.5 },
    );
    observer.observe(this.element);
    this.onCleanup(() => observer.disconnect());
  }
}
