import type { ContentTracker } from './tracker';
import { MeasuredSubjectHandler } from './measured-subject';

// Measures a popup: variant B swapped into its body for the visitors of that variant (measured-subject.ts), an
// impression when it shows, a click on a link or button inside it (its close buttons aside), a close when it
// hides.

export default class PopupMeasureHandler extends MeasuredSubjectHandler {
  protected readonly subject = 'popup';

  protected rawId(): string | undefined {
    return this.element.dataset.elementorId;
  }

  protected variantTarget(): HTMLElement | null {
    return this.element.querySelector<HTMLElement>('.e-popup__body');
  }

  protected measure(t: ContentTracker, id: number): void {
    const mine = (e: { id: string }) => e.id === String(id);
    const shown = (e: { id: string }) => mine(e) && void t.record('popup', id, 'impression', this.variant);
    const hidden = (e: { id: string }) => mine(e) && void t.record('popup', id, 'close', this.variant);
    this.bus.on('popup:shown', shown);
    this.bus.on('popup:hidden', hidden);
    this.onCleanup(() => {
      this.bus.off('popup:shown', shown);
      this.bus.off('popup:hidden', hidden);
    });
    this.measureClicks(t, id, { ignore: '.e-popup__close, .e-popup-close' });
  }
}
