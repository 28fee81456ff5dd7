import { Handler } from '../base';
import { prefersReducedMotion } from '../motion/motion';

/** Progress bar: fills to its percentage when it enters the viewport (at once under reduced motion). */
export default class ProgressHandler extends Handler {
  override connect(): void {
    const bar = this.element.querySelector<HTMLElement>('.elementor-progress-bar');
    if (!bar || prefersReducedMotion()) return;
    const target = bar.style.width;
    bar.style.width = '0';
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        bar.classList.add('e-progress-animated');
        bar.style.width = target;
      });
    });
    observer.observe(bar);
    this.onCleanup(() => {
      observer.disconnect();
      bar.style.width = target;
    });
  }
}
