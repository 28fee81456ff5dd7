import { num } from '../types';
import type { Trigger } from './trigger';

/** Class names ad blockers hide; a bait element carrying them collapses when one is active. */
export const BAIT_CLASSES = 'adsbox ad-banner ad-placement pub_300x250 textads';

/** True when an ad blocker hid the bait element. */
export function isAdBlocked(doc: Document): boolean {
  const bait = doc.createElement('div');
  bait.className = BAIT_CLASSES;
  bait.setAttribute('aria-hidden', 'true');
  bait.style.cssText = 'position:absolute;left:-9999px;top:-9999px;width:1px;height:1px;';
  doc.body.appendChild(bait);
  const style = doc.defaultView?.getComputedStyle(bait);
  const blocked = !bait.isConnected || style?.display === 'none' || style?.visibility === 'hidden';
  bait.remove();
  return blocked;
}

/** adblock_detection: after `delay` seconds, fires when an ad blocker is active. */
export const adblockDetection: Trigger = ({ options, win, fire }) => {
  const delay = Math.max(0, num(options.delay));
  const id = win.setTimeout(() => {
    if (isAdBlocked(win.document)) fire('ad blocker detected');
  }, delay * 1000);
  return () => win.clearTimeout(id);
};
