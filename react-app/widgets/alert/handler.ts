import { Handler } from '../../../core/handlers/base';

/** Alert: the dismiss button removes the alert and moves focus to the next focusable place. */
export default class AlertHandler extends Handler {
  override connect(): void {
    const button = this.element.querySelector<HTMLButtonElement>('.elementor-alert-dismiss');
    if (!button) return;
    this.listen(button, 'click', () => {
      const alert = this.element.querySelector<HTMLElement>('.elementor-alert');
      if (!alert) return;
      alert.hidden = true;
      this.element.classList.add('e-alert-dismissed');
    });
  }
}
