import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterNextPaint, layoutNow } from './after-paint';
import type { EditorDocument } from '../../core/wire/editor-document';
import type { ElementNode } from '../widgets/types';
import { keyAction, type KeyAction } from './editor-keys';
import { createHistory, record, redo, undo, type History } from './history';
import { locate } from './tree-ops';
import type { ElementCommands } from './useElementCommands';

// The document's tree with its undo history, and the editor's shortcuts on it. Every change and every undo is
// an update of the history as it stands when React applies it, never of the history of the last render: words
// kept in place on the canvas are committed from the canvas's own window, an update React schedules (no event of
// the editor's window is running), and a Ctrl+Z pressed before that render must still find the words in the
// history and undo them, not undo the step before and drop them (docs/editor.md, "Editing on the canvas").

/** A new tree, or how to make it from the tree as it is when the change is applied. */
export type TreeChange = ElementNode[] | ((present: ElementNode[]) => ElementNode[]);

/** The tree with its undo history; `generation` and `revisions` tell the preview what to re-create. */
export function useEditorTree(initial: Pick<EditorDocument, 'tree'>) {
  const [history, setHistory] = useState<History<ElementNode[]>>(() => createHistory(initial.tree));
  // One map for the document's life, changed in place: the canvas's render context keeps its identity, so a
  // re-created element re-renders its own path, not all 500 elements (the map's reader is ctx.elementKey).
  const [revisions] = useState(() => new Map<string, number>());
  const [, setRevisionCount] = useState(0);
  const [generation, setGeneration] = useState(0);
  const [dirty, setDirty] = useState(false);
  const tree = history.present;
  const treeRef = useRef(tree);
  useLayoutEffect(() => {
    treeRef.current = tree;
  }, [tree]);
  /** Re-creates one element (and what it holds) so its handlers start over; its siblings and ancestors stay. */
  const remount = useCallback(
    (id: string) => {
      if (!locate(treeRef.current, id)) return;
      revisions.set(id, (revisions.get(id) ?? 0) + 1);
      setRevisionCount((n) => n + 1);
    },
    [revisions],
  );
  // Changes that wait for the next paint (a key typed in a control: its field echoes it at once, the document and
  // the canvas take it in the task after that frame). They are applied, in order, before any other change of the
  // tree, so none is lost or reordered; `settled` applies them at once for a save.
  const pending = useRef<Array<() => void>>([]);
  const settle = useCallback(() => {
    while (pending.current.length) {
      const jobs = pending.current;
      pending.current = [];
      for (const job of jobs) job();
    }
  }, []);
  const later = useCallback(
    (job: () => void) => {
      pending.current.push(job);
      // One render for every job queued before the paint (fast keys coalesce into one canvas update).
      if (pending.current.length === 1)
        afterNextPaint(() => {
          if (!pending.current.length) return;
          flushSync(settle);
          // Its style and layout too, in this task: not in the next key's handlers and frame.
          layoutNow();
        });
    },
    [settle],
  );
  // A click or a drag that starts before the paint (a test's fill then click) acts on the tree with the waiting keys.
  useEffect(() => {
    const flush = () => {
      if (pending.current.length) flushSync(settle);
    };
    window.addEventListener('pointerdown', flush, true);
    return () => window.removeEventListener('pointerdown', flush, true);
  }, [settle]);
  /** The tree with every waiting change applied (rendered at once), for a save. */
  const settled = (): ElementNode[] => {
    if (pending.current.length) flushSync(settle);
    return treeRef.current;
  };
  const commit = (next: TreeChange, key: string | null = null) => {
    settle();
    setHistory((h) => record(h, typeof next === 'function' ? next(h.present) : next, key));
    setDirty(true);
  };
  /** Undo or redo: handlers re-read every element's settings. */
  const step = (direction: 'undo' | 'redo') => {
    settle();
    setHistory((h) => (direction === 'redo' ? redo(h) : undo(h)));
    setGeneration((g) => g + 1);
    setDirty(true);
  };
  /** A tree from the server (a restored revision, the latest version, a normalised save). */
  const replaceTree = (next: ElementNode[]) => {
    settle();
    setHistory((h) => record(h, next));
    setGeneration((g) => g + 1);
  };
  return { history, tree, treeRef, revisions, generation, dirty, setDirty, remount, commit, step, replaceTree, later, settled };
}

/** The editor's shortcuts (editor-keys.ts) on this window and the canvas's; a warning before leaving unsaved work. */
export function useEditorKeys(onAction: (action: KeyAction, e: KeyboardEvent) => boolean, dirty: boolean, canvas: Window | null) {
  const handler = useRef(onAction);
  useLayoutEffect(() => {
    handler.current = onAction;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const view = (e.target as Node | null)?.ownerDocument?.defaultView ?? window;
      const action = keyAction({ ...pick(e), target: e.target, selectedText: view.getSelection()?.toString() ?? '' });
      if (action && handler.current(action, e)) e.preventDefault();
    };
    const windows = canvas && canvas !== window ? [window, canvas] : [window];
    for (const w of windows) w.addEventListener('keydown', onKey);
    return () => {
      for (const w of windows) w.removeEventListener('keydown', onKey);
    };
  }, [canvas]);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

const pick = (e: KeyboardEvent) => ({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, altKey: e.altKey });

/** What each shortcut does in the editor; the handler answers true when it did something (its default is then prevented). */
export function keyActions(p: {
  step: (direction: 'undo' | 'redo') => void;
  selected: string | null;
  commands: ElementCommands;
  openShortcuts: () => void;
  openMenu: (id: string) => void;
  editInPlace: (id: string) => boolean;
  openFinder: () => void;
}): (action: KeyAction) => boolean {
  const { selected, commands } = p;
  return (action) => {
    if (action === 'undo' || action === 'redo') {
      p.step(action);
      return true;
    }
    if (action === 'shortcuts' || action === 'finder') {
      if (action === 'finder') p.openFinder();
      else p.openShortcuts();
      return true;
    }
    if (action === 'paste') {
      if (!commands.canPaste) return false;
      commands.paste(selected);
      return true;
    }
    if (!selected) return false;
    if (action === 'delete') commands.remove(selected);
    else if (action === 'duplicate') commands.duplicate(selected);
    else if (action === 'copy') commands.copy(selected);
    else if (action === 'paste-style' && commands.canPaste) commands.pasteStyle(selected);
    else if (action === 'menu') p.openMenu(selected);
    else if (action === 'edit') return p.editInPlace(selected);
    else return false;
    return true;
  };
}
