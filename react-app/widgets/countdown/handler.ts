import { Handler } from '../../../core/handlers/base';
import { countdownParts } from '../counter/counter-math';

/** Countdown to data-date (epoch ms); on expiry shows the expiry message or hides the widget. */
export default class CountdownHandler extends Handler {
  override connect(): void {
    const root = this.element.querySelector<HTMLElement>('.elementor-countdown-wrapper');
    const due = Number(root?.dataset.date);
    if (!root || !Number.isFinite(due)) return;
    const tick = (): void => {
      const parts = countdownParts(due, Date.now());
      for (const unit of ['days', 'hours', 'minutes', 'seconds'] as const) {
        const el = root.querySelector(`.elementor-countdown-${unit}`);
        if (el) el.textContent = String(parts[unit]).padStart(unit === 'days' ? 1 : 2, '0');
      }
      if (parts.expired) {
        window.clearInterval(timer);
        const message = this.element.querySelector<HTMLElement>('.elementor-countdown-expire--message');
        if (message) {
          root.hidden = true;
          message.hidden = false;
        }
      }
    };
    const timer = window.setInterval(tick, 1000);
    this.onCleanup(() => window.clearInterval(timer));
    tick();
  }
}
