import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ElementNode } from '../widgets/types';
import { ContextMenu, type MenuItem } from './ContextMenu';
import { nodeLabel } from './Navigator';
import type { Canvas } from './Preview';
import { findNode, updateSettings } from './tree-ops';
import { moveTo } from './tree-moves';
import { useCanvasDrag } from './useCanvasDrag';
import type { ElementCommands } from './useElementCommands';
import type { TreeChange } from './useEditorTree';

// Editing on the canvas: a heading's or a text's words edited in place (double click, F2, or the menu's Edit),
// and the element's right-click menu (also Shift+F10 or the Menu key on the selection). Every item is also a
// keyboard shortcut, listed in the shortcuts sheet.

/** What can be edited in place: the element's part that holds the words, the setting they are, plain or HTML. */
const IN_PLACE: Record<string, { selector: string; key: string; html: boolean }> = {
  heading: { selector: '.elementor-heading-title', key: 'title', html: false },
  'text-editor': { selector: '.elementor-text-editor', key: 'editor', html: true },
};

export const editableInPlace = (node: ElementNode | null): boolean => !!node && !!IN_PLACE[node.widgetType ?? ''];

const canvasElement = (canvas: Canvas | null, id: string) =>
  canvas?.doc.querySelector<HTMLElement>(`.editor-preview [data-id="${CSS.escape(id)}"]`) ?? null;

/** Starts editing an element's words in its canvas; false when it has none to edit. */
export function useInPlaceEditing(
  canvas: Canvas | null,
  treeRef: RefObject<ElementNode[]>,
  save: (id: string, key: string, value: string) => void,
  remount: (id: string) => void,
) {
  // The latest callbacks, so the function handed to the (memoised) canvas stays the same between renders.
  const latest = useRef({ save, remount });
  useLayoutEffect(() => {
    latest.current = { save, remount };
  });
  return useCallback(
    (id: string): boolean => {
      const node = findNode(treeRef.current, id);
      const spec = node ? IN_PLACE[node.widgetType ?? ''] : undefined;
      const el = spec ? canvasElement(canvas, id)?.querySelector<HTMLElement>(spec.selector) : null;
      if (!node || !spec || !el || !canvas) return false;
      const returnTo = document.activeElement;
      const before = el.innerHTML;
      el.contentEditable = spec.html ? 'true' : 'plaintext-only';
      el.setAttribute('role', 'textbox');
      el.setAttribute('aria-label', `${nodeLabel(node)}: edit in place`);
      if (spec.html) el.setAttribute('aria-multiline', 'true');
      el.focus();
      const range = canvas.doc.createRange();
      range.selectNodeContents(el);
      canvas.win.getSelection()?.removeAllRanges();
      canvas.win.getSelection()?.addRange(range);
      let done = false;
      const finish = (keep: boolean, refocus: boolean) => {
        if (done) return;
        done = true;
        el.removeEventListener('keydown', onKey);
        el.removeEventListener('blur', onBlur);
        const value = spec.html ? el.innerHTML : (el.textContent ?? '');
        el.removeAttribute('contenteditable');
        if (keep && el.innerHTML !== before) latest.current.save(id, spec.key, value);
        else el.innerHTML = before; // cancelled or unchanged: the markup React made, as it was
        latest.current.remount(id); // re-created from its settings, whatever the editing did to its markup
        if (refocus && returnTo instanceof HTMLElement && returnTo !== canvas.win.frameElement) returnTo.focus();
      };
      const onBlur = () => finish(true, false);
      const onKey = (e: KeyboardEvent) => {
        if (e.key === 'Escape') finish(false, true);
        else if (e.key === 'Enter' && (!spec.html || e.ctrlKey || e.metaKey)) finish(true, true);
        else if (e.key === 'Tab') finish(true, false);
        else return;
        if (e.key !== 'Tab') e.preventDefault();
        e.stopPropagation();
      };
      el.addEventListener('keydown', onKey);
      el.addEventListener('blur', onBlur);
      return true;
    },
    [canvas, treeRef],
  );
}

/** The right-click menu of the canvas's elements: its state, where to open it, and the menu itself. */
export function useElementMenu(p: {
  canvas: Canvas | null;
  tree: ElementNode[];
  commands: ElementCommands;
  editInPlace: (id: string) => boolean;
  showInNavigator: (id: string) => void;
}): { menu: ReactNode; openMenu: (id: string, at?: { x: number; y: number }) => void } {
  const [open, setOpen] = useState<{ id: string; at: { x: number; y: number } } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const canvasRef = useRef(p.canvas);
  useLayoutEffect(() => {
    canvasRef.current = p.canvas;
  });
  /** Opened from the keyboard: beside the navigator's row when the focus is there, else at the element in the canvas. */
  const placeOf = useCallback((id: string): { x: number; y: number } => {
    const canvas = canvasRef.current;
    const row = document.activeElement?.closest('.editor-navigator') ? document.querySelector(`[data-node-id="${CSS.escape(id)}"]`) : null;
    if (row) {
      const r = row.getBoundingClientRect();
      return { x: r.left + 24, y: r.bottom };
    }
    const frame = canvas?.win.frameElement as HTMLIFrameElement | null | undefined;
    const el = canvasElement(canvas, id);
    if (frame && el) {
      const f = frame.getBoundingClientRect();
      const scale = frame.offsetWidth ? f.width / frame.offsetWidth : 1;
      const r = el.getBoundingClientRect();
      return { x: f.left + Math.max(0, r.left) * scale + 8, y: f.top + Math.max(0, r.top) * scale + 8 };
    }
    return { x: window.innerWidth / 2, y: window.innerHeight / 3 };
  }, []);
  const openMenu = useCallback((id: string, at?: { x: number; y: number }) => setOpen({ id, at: at ?? placeOf(id) }), [placeOf]);
  const node = open ? findNode(p.tree, open.id) : null;
  if (!open || !node) return { menu: null, openMenu };
  const { commands } = p;
  const id = node.id;
  const items: MenuItem[] = [
    {
      label: editableInPlace(node) ? 'Edit text' : 'Edit settings',
      keys: editableInPlace(node) ? 'F2' : undefined,
      run: () => {
        if (!p.editInPlace(id)) document.querySelector<HTMLElement>('.editor-panel--settings [role="tab"]')?.focus();
      },
    },
    { label: 'Duplicate', keys: 'Ctrl+D', run: () => commands.duplicate(id) },
    { label: 'Copy', keys: 'Ctrl+C', run: () => commands.copy(id) },
    { label: 'Paste', keys: 'Ctrl+V', disabled: !commands.canPaste, run: () => commands.paste(id) },
    { label: 'Paste style', keys: 'Ctrl+Shift+V', disabled: !commands.canPaste, run: () => commands.pasteStyle(id) },
    { label: 'Delete', keys: 'Del', run: () => commands.remove(id) },
    { label: 'Show in the navigator', run: () => p.showInNavigator(id) },
  ];
  return { menu: <ContextMenu label={`${nodeLabel(node)} actions`} at={open.at} items={items} onClose={close} />, openMenu };
}

/** Everything the canvas does besides showing the page: words in place, the element menu, dragging to move. */
export function useCanvasEditing(p: {
  canvas: Canvas | null;
  tree: ElementNode[];
  treeRef: RefObject<ElementNode[]>;
  commit: (next: TreeChange) => void;
  remount: (id: string) => void;
  commands: ElementCommands;
  structural: (next: ElementNode[], select: string | null, action: string) => void;
  setNavigator: (open: boolean) => void;
  setSelected: (id: string) => void;
}) {
  const { canvas, treeRef } = p;
  // Words edited in place are saved as the setting they are (undoable like any change), into the tree as it is
  // when the change is applied: an edit not yet rendered is never built on, nor overwritten.
  const editInPlace = useInPlaceEditing(
    canvas,
    treeRef,
    (id, key, value) => p.commit((present) => updateSettings(present, id, { [key]: value })),
    p.remount,
  );
  const { menu, openMenu } = useElementMenu({
    canvas,
    tree: p.tree,
    commands: p.commands,
    editInPlace,
    showInNavigator: (id) => {
      p.setNavigator(true);
      p.setSelected(id);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`)?.focus());
    },
  });
  useCanvasDrag(canvas, treeRef, (id, target) => p.structural(moveTo(treeRef.current, id, target.id, target.placement), id, 'move'));
  return { menu, openMenu, editInPlace };
}
