// After an action replaces or disables the control that had focus (a button becomes a "My Store" badge,
// a button is disabled while saving), the browser drops focus to the page body and a keyboard user starts
// over from the top. Focus goes to the element that now stands where the control was instead.

/** True when no element has focus (it fell to the body). */
export function focusLost(doc: Document = document): boolean {
  return !doc.activeElement || doc.activeElement === doc.body;
}

/** Focuses `target` when focus was lost; an element that cannot take focus gets tabindex -1 first. */
export function focusIfLost(target: HTMLElement | null | undefined, doc: Document = document): void {
  if (!target || !focusLost(doc)) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}
