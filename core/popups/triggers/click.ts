import { num } from '../types';
import { on, type Trigger } from './trigger';

/** click: counts clicks on the page and fires when the count equals `times` (default 1). */
export const click: Trigger = ({ options, win, fire }) => {
  const times = Math.max(1, Math.floor(num(options.times, 1)));
  let count = 0;
  return on(win.document, 'click', () => {
    count += 1;
    if (count === times) fire(`click number ${count}`);
  });
};
