import { num } from '../types';
import { on, type Trigger } from './trigger';

/** How far down the page is scrolled, 0-100. */
export function scrolledPercent(win: Window): number {
  const doc = win.document.documentElement;
  const max = doc.scrollHeight - win.innerHeight;
  if (max <= 0) return 100;
  return Math.min(100, (win.scrollY / max) * 100);
}

/** scrolling: direction 'up' fires at the first upward scroll; 'down' when the scrolled percentage reaches `offset`. */
export const scrolling: Trigger = ({ options, win, fire }) => {
  const up = options.direction === 'up';
  const offset = num(options.offset, 0);
  let last = win.scrollY;
  return on(
    win,
    'scroll',
    () => {
      const y = win.scrollY;
      if (up) {
        if (y < last) fire('scrolled up');
      } else {
        const percent = scrolledPercent(win);
        if (y > last && percent >= offset) fire(`scrolled down ${Math.round(percent)}% (offset ${offset}%)`);
      }
      last = y;
    },
    { passive: true },
  );
};
