import { num } from '../types';
import type { Trigger } from './trigger';

/** page_load: fires `delay` seconds after the page loaded (at once for 0). */
export const pageLoad: Trigger = ({ options, win, fire }) => {
  const delay = Math.max(0, num(options.delay));
  const id = win.setTimeout(() => fire(`page loaded ${delay} s ago`), delay * 1000);
  return () => win.clearTimeout(id);
};
