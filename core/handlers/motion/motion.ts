import { Handler } from '../base';
import {
  ANIMATED_CLASS,
  entrancePlan,
  FIXED_LAYERS,
  INVISIBLE_CLASS,
  MOTION_RESIZE_DEBOUNCE_MS,
  type MotionSettings,
  safeAnimation,
} from './rules';

export const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Whether an animation the main thread drives frame by frame (a counter's count-up, a progress bar's width) shows
 * its end state at once: under reduced motion, and in the editor's canvas. The canvas is a same-origin iframe, so
 * each of those frames is a frame of the editor's own main thread: while one ran (2 s after the page loaded, and
 * again after every key typed into a counter, whose handler is re-connected), keys typed in the editor showed
 * 1–3 frames late (docs/editor.md, "Typing responsiveness"). Entrance animations (CSS keyframes the compositor
 * runs) still play in the canvas.
 */
export const showsEndState = (edit: boolean): boolean => edit || prefersReducedMotion();

/** Entrance animation once on first entering the viewport; nothing animates under reduced motion. */
export default class MotionHandler extends Handler<MotionSettings> {
  private observer: IntersectionObserver | null = null;
  private done = false;

  override connect(): void {
    const plan = entrancePlan(this.settings, prefersReducedMotion());
    if (!plan) return;
    if (!plan.animation) {
      this.element.classList.remove(INVISIBLE_CLASS); // 'none' or reduced motion: just show it
      this.done = true;
      return;
    }
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) this.play(plan.animation!, plan.delayMs);
    });
    this.observer.observe(this.element);
    this.listen(
      window,
      'resize',
      this.debounced(() => this.recheck(plan.animation!, plan.delayMs), MOTION_RESIZE_DEBOUNCE_MS),
    );
  }

  /** After a resize the element may already be in view without a new intersection event. */
  private recheck(animation: string, delay: number): void {
    if (this.done) return;
    const r = this.element.getBoundingClientRect();
    if (r.bottom > 0 && r.top < window.innerHeight) this.play(animation, delay);
  }

  private play(animation: string, delayMs: number): void {
    if (this.done) return;
    this.done = true;
    this.observer?.disconnect();
    const run = (): void => {
      this.element.classList.remove(INVISIBLE_CLASS);
      this.element.classList.add(ANIMATED_CLASS, safeAnimation(animation, this.element.querySelector(FIXED_LAYERS) !== null));
    };
    if (delayMs) this.setTimer(run, delayMs);
    else run();
  }

  override disconnect(): void {
    this.observer?.disconnect();
    this.observer = null;
    super.disconnect();
  }
}
