import type { ContentTracker } from './tracker';
import { MeasuredSubjectHandler } from './measured-subject';

// Measures a content block in its slot (a [data-block-id] the server rendered): variant B swapped in for the
// visitors of that variant (measured-subject.ts), an impression once half of it has been in view, a click on a
// link or button inside it (remembered for the visit, so a later add-to-cart counts for it).

export default class BlockMeasureHandler extends MeasuredSubjectHandler {
  protected readonly subject = 'block';

  protected rawId(): string | undefined {
    return this.element.dataset.blockId;
  }

  protected variantTarget(): HTMLElement {
    return this.element;
  }

  protected measure(t: ContentTracker, id: number): void {
    this.element.dataset.variant = this.variant;
    this.watchImpression(() => void t.record('block', id, 'impression', this.variant));
    this.measureClicks(t, id, { then: () => void t.flush() }); // a link click leaves the page: send now
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
