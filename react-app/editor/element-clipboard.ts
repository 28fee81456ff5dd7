import type { ElementNode } from '../widgets/types';

// The editor's clipboard: an element copied in one editor tab can be pasted into another page in another tab.
// It lives in localStorage (same origin: only this site's editors), and what is read back is checked to be an
// element tree, since anything may have written that key.

export const CLIPBOARD_KEY = 'hlp-editor-clipboard';
const MAX_DEPTH = 40;

/** true when `v` is an element node (and every element it holds is). */
export function isElementNode(v: unknown, depth = 0): v is ElementNode {
  if (depth > MAX_DEPTH || !v || typeof v !== 'object' || Array.isArray(v)) return false;
  const n = v as Record<string, unknown>;
  return (
    typeof n.id === 'string' &&
    (n.elType === 'container' || n.elType === 'widget') &&
    (n.widgetType === undefined || typeof n.widgetType === 'string') &&
    !!n.settings &&
    typeof n.settings === 'object' &&
    !Array.isArray(n.settings) &&
    Array.isArray(n.elements) &&
    n.elements.every((c) => isElementNode(c, depth + 1))
  );
}

export function readClipboard(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ElementNode | null {
  try {
    const v: unknown = JSON.parse(storage?.getItem(CLIPBOARD_KEY) ?? 'null');
    return isElementNode(v) ? v : null;
  } catch {
    return null; // unreadable: nothing to paste
  }
}

/** Keeps `node` for pasting here and in the other tabs; false when the browser refused (private mode, full). */
export function writeClipboard(node: ElementNode, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): boolean {
  try {
    storage?.setItem(CLIPBOARD_KEY, JSON.stringify(node));
    return !!storage;
  } catch {
    return false;
  }
}
