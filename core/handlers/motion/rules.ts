// Entrance animations (docs/behaviour.md): once, on first entering the viewport. The invisible class goes, the
// animation class comes after the optional delay; 'none' only removes the invisible state; nothing
// animates when reduced motion is preferred.

export const INVISIBLE_CLASS = 'elementor-invisible';
export const ANIMATED_CLASS = 'animated';
export const MOTION_RESIZE_DEBOUNCE_MS = 200;

export interface MotionSettings {
  _animation?: string;
  animation?: string;
  _animation_delay?: number | string;
  animation_delay?: number | string;
  [key: string]: unknown;
}

export interface EntrancePlan {
  /** Animation class to add; null to only remove the invisible state. */
  animation: string | null;
  delayMs: number;
}

export function entrancePlan(settings: MotionSettings, reducedMotion: boolean): EntrancePlan | null {
  const name = settings._animation ?? settings.animation;
  if (!name) return null;
  if (name === 'none' || reducedMotion || !/^[A-Za-z][\w-]*$/.test(name)) return { animation: null, delayMs: 0 };
  const rawDelay = settings._animation_delay ?? settings.animation_delay;
  const delay = typeof rawDelay === 'number' ? rawDelay : parseInt(String(rawDelay ?? ''), 10);
  return { animation: name, delayMs: Number.isFinite(delay) && delay > 0 ? delay : 0 };
}

/**
 * Widgets fixed to the viewport (the chat bubble, the off-canvas panel). An ancestor with a transform, or with an
 * animation on transform, becomes their containing block: the bubble would ride along with the container and the
 * panel would be clipped to it. An element holding one therefore enters with a fade only (opacity never moves a
 * fixed descendant), and no animation fills forwards (runtime.css), so nothing is left behind when it ends.
 */
export const FIXED_LAYERS = '.e-contact-buttons, .e-off-canvas';

/** The animation an element may run: a moving entrance becomes a fade when the element holds a fixed layer. */
export const safeAnimation = (animation: string, holdsFixedLayer: boolean): string =>
  holdsFixedLayer && animation !== 'fadeIn' ? 'fadeIn' : animation;
