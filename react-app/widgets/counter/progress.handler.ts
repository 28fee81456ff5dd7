import { Handler } from '../../../core/handlers/base';
import { showsEndState } from '../../../core/handlers/motion/motion';

/** Progress bar: fills to its percentage when it enters the viewport (at once under reduced motion and in the editor). */
export default class ProgressHandler extends Handler {
  override connect(): void {
    const bar = this.element.querySelector<HTMLElement>('.elementor-progress-bar');
    if (!bar || showsEndState(this.isEdit)) return;
    const target = bar.style.width;
    bar.style.width = '0';
    // White text on an empty bar would sit on the light track: hidden until the bar fills (the wrapper
    // carries the value for assistive technology).
    bar.classList.add('e-progress-pending');
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        bar.classList.add('e-progress-animated');
        bar.classList.remove('e-progress-pending');
        bar.style.width = target;
      });
    });
    observer.observe(bar);
    this.onCleanup(() => {
      observer.disconnect();
      bar.classList.remove('e-progress-pending');
      bar.style.width = target;
    });
  }
}
