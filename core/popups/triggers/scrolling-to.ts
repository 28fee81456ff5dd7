import { on, type Trigger } from './trigger';

/** The element for a selector, or null when the selector is empty or invalid (ignored, never throws). */
export function safeQuery(doc: Document, selector: unknown): Element | null {
  if (typeof selector !== 'string' || !selector.trim()) return null;
  try {
    return doc.querySelector(selector);
  } catch {
    return null;
  }
}

/** scrolling_to: fires when the element matching `selector` reaches the viewport; an invalid selector is ignored. */
export const scrollingTo: Trigger = ({ options, win, fire }) => {
  const target = safeQuery(win.document, options.selector);
  if (!target) return () => {};
  const check = (): void => {
    const rect = target.getBoundingClientRect();
    if (rect.top <= win.innerHeight && rect.bottom >= 0) fire(`scrolled to ${String(options.selector)}`);
  };
  return on(win, 'scroll', check, { passive: true });
};
