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
 * Whether an animation shows its end state at once: under reduced motion, and in the editor's canvas. The canvas is
 * a same-origin iframe, so its animations run in the editor's own frames: while one ran (a counter's count-up for
 * 2 s after the page loaded, an entrance animation for 1.25 s after the canvas connected or scrolled), keys typed in
 * the editor showed one to three frames late (docs/editor.md, "Typing responsiveness").
 */
export const showsEndState = (edit: boolean): boolean => edit || prefersReducedMotion();

/**
 * In the editor's canvas, the entrance settings each element was last connected with (by its `data-id`). An element
 * is connected again when an editor changes a setting the runtime reads; if its entrance is new or changed since the
 * canvas loaded, the editor has just chosen it, and it plays once there, as a preview. Loading the canvas, scrolling
 * it and every other change show the end state.
 */
const seenInCanvas = new Map<string, string>();

/** Whether the canvas plays this element's entrance: connected after the canvas loaded, with an entrance it had not. */
export function previewsEntrance(id: string | undefined, settings: MotionSettings, afterStart: boolean): boolean {
  if (!id) return false;
  const entrance = JSON.stringify(entrancePlan(settings, false));
  const before = seenInCanvas.get(id);
  seenInCanvas.set(id, entrance);
  return afterStart && before !== entrance;
}

/** Entrance animation once on first entering the viewport; nothing animates under reduced motion. */
export default class MotionHandler extends Handler<MotionSettings> {
  private observer: IntersectionObserver | null = null;
  private done = false;

  override connect(): void {
    const still = prefersReducedMotion() || (this.isEdit && !previewsEntrance(this.element.dataset.id, this.settings, this.afterStart));
    const plan = entrancePlan(this.settings, still);
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
