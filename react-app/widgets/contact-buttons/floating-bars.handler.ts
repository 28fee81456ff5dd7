import { Handler } from '../../../core/handlers/base';
import { VisitorStorage } from '../../../core/storage/local-storage';

/** Floating bar: the close button hides it for the rest of the session. */
export default class FloatingBarsHandler extends Handler {
  override connect(): void {
    const bar = this.element.querySelector<HTMLElement>('.e-floating-bars');
    const close = this.element.querySelector<HTMLButtonElement>('.e-floating-bars__close-button');
    if (!bar) return;
    const storage = new VisitorStorage();
    const key = `floating_bar_${this.element.dataset.id ?? ''}_closed`;
    if (storage.get(key, { session: true })) {
      bar.hidden = true;
      return;
    }
    if (close)
      this.listen(close, 'click', () => {
        bar.hidden = true;
        storage.set(key, true, { session: true });
      });
  }
}
