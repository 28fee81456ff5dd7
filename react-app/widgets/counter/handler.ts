import { Handler } from '../../../core/handlers/base';
import { showsEndState } from '../../../core/handlers/motion/motion';
import { COUNTER_DEFAULT_DURATION_MS, counterValueAt, formatCounter } from './counter-math';

/** Counts from the start to the end value once the counter enters the viewport (not under reduced motion, nor in the editor). */
export default class CounterHandler extends Handler {
  override connect(): void {
    const number = this.element.querySelector<HTMLElement>('.elementor-counter-number');
    if (!number) return;
    const from = Number(number.dataset.fromValue ?? 0);
    const to = Number(number.dataset.toValue ?? 0);
    const duration = Number(number.dataset.duration) || COUNTER_DEFAULT_DURATION_MS;
    const delimiter = number.dataset.delimiter ?? '';
    const decimals = (String(to).split('.')[1] ?? '').length;
    if (showsEndState(this.isEdit) || !Number.isFinite(from) || !Number.isFinite(to)) return; // the render already shows the end value
    number.textContent = formatCounter(from, delimiter, decimals);
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const step = (now: number): void => {
        const progress = (now - start) / duration;
        number.textContent = formatCounter(counterValueAt(from, to, progress), delimiter, decimals);
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      let frame = requestAnimationFrame(step);
      this.onCleanup(() => cancelAnimationFrame(frame));
    });
    observer.observe(number);
    this.onCleanup(() => observer.disconnect());
  }
}
