import { num } from '../types';
import { on, type Trigger } from './trigger';

export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/** inactivity: fires after `time` seconds without mouse, keyboard, touch or scroll activity. */
export const inactivity: Trigger = ({ options, win, fire }) => {
  const seconds = Math.max(0, num(options.time));
  let id = 0;
  const restart = (): void => {
    win.clearTimeout(id);
    id = win.setTimeout(() => fire(`inactive for ${seconds} s`), seconds * 1000);
  };
  const offs = ACTIVITY_EVENTS.map((type) => on(win.document, type, restart, { passive: true, capture: true }));
  restart();
  return () => {
    win.clearTimeout(id);
    offs.forEach((off) => off());
  };
};
