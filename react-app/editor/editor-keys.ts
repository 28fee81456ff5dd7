// The editor's keyboard shortcuts (listed for editors in ShortcutsSheet.tsx): which action a key press asks
// for. Keys typed into a field (a control, the in-place text, TinyMCE) are the field's own, except the finder's.

export type KeyAction =
  | 'undo'
  | 'redo'
  | 'delete'
  | 'duplicate'
  | 'copy'
  | 'paste'
  | 'paste-style'
  | 'menu'
  | 'edit'
  | 'finder'
  | 'shortcuts';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The element the key was pressed in. */
  target: EventTarget | null;
  /** Text selected on the page: Ctrl+C then copies that text, not the element. */
  selectedText?: string;
}

// A heading's words edited in place are `plaintext-only`: Ctrl+Z there undoes the typing, as in any field.
const FIELD = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"], .tox, dialog';

function inField(target: EventTarget | null): boolean {
  const el = target as { closest?: (s: string) => Element | null } | null;
  return !!el?.closest?.(FIELD);
}

export function keyAction(e: KeyPress): KeyAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && !e.altKey && key === 'e') return 'finder';
  if (inField(e.target)) return null;
  if (mod && !e.altKey) {
    if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    if (key === 'd' && !e.shiftKey) return 'duplicate';
    if (key === 'c' && !e.shiftKey) return e.selectedText ? null : 'copy';
    if (key === 'v') return e.shiftKey ? 'paste-style' : 'paste';
    return null;
  }
  if (e.altKey) return null;
  if (e.key === 'Delete') return 'delete';
  if (e.key === 'F2' && !e.shiftKey) return 'edit';
  if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) return 'menu';
  if (e.key === '?') return 'shortcuts';
  return null;
}
