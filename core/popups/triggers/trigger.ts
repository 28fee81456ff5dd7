import type { Options } from '../types';

/** What a trigger gets: its options (prefix removed), the window to watch, and `fire` to show the popup. */
export interface TriggerContext {
  options: Options;
  win: Window;
  fire: (detail: string) => void;
}

/** A trigger starts watching and returns the function that stops it. */
export type Trigger = (ctx: TriggerContext) => () => void;

/** Adds a listener and returns its removal. */
export function on(target: EventTarget, type: string, fn: (e: Event) => void, options?: AddEventListenerOptions): () => void {
  target.addEventListener(type, fn, options);
  return () => target.removeEventListener(type, fn, options);
}
