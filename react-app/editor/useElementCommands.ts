import { useEffect, useState } from 'react';
import { onlyStylesTheElement } from '../widgets/controls/element-style';
import { controlsOf } from '../widgets/controls/schema';
import type { ElementNode } from '../widgets/types';
import { CLIPBOARD_KEY, readClipboard, writeClipboard } from './element-clipboard';
import { nodeLabel } from './Navigator';
import { duplicateNode, findNode, moveNode, removeNode, updateSettings } from './tree-ops';
import { placeNode, withFreshIds } from './tree-moves';

// What can be done to an element, from its actions under the navigator, the canvas's right-click menu and the
// keyboard shortcuts alike: move, duplicate, copy, paste (after it), paste its style, delete.

/** Settings keys of the Style and Advanced tabs of an element (what "paste style" copies). */
export function styleKeys(node: ElementNode): (key: string) => boolean {
  const keys = new Set(
    controlsOf(node)
      .filter((c) => c.tab === 'style' || c.tab === 'advanced')
      .map((c) => c.key),
  );
  keys.delete('_element_id');
  keys.delete('_title');
  return (key) => keys.has(key) || [...keys].some((k) => key.startsWith(`${k}_`));
}

export interface ElementCommands {
  canPaste: boolean;
  move: (id: string, delta: -1 | 1) => void;
  duplicate: (id: string) => void;
  copy: (id: string) => void;
  /** Pastes the clipboard after `id` (at the end of the page when null). */
  paste: (id: string | null) => void;
  pasteStyle: (id: string) => void;
  remove: (id: string) => void;
}

export function useElementCommands(p: {
  tree: ElementNode[];
  structural: (next: ElementNode[], select: string | null, action: string) => void;
  commit: (next: ElementNode[]) => void;
  remount: (id: string) => void;
  onStatus: (status: string) => void;
}): ElementCommands {
  const { tree } = p;
  const [clip, setClip] = useState<ElementNode | null>(() => readClipboard());
  // Copied in another tab: paste is offered here at once.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === CLIPBOARD_KEY) setClip(readClipboard());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const withNode = (id: string, fn: (node: ElementNode) => void) => {
    const node = findNode(tree, id);
    if (node) fn(node);
  };
  return {
    canPaste: !!clip,
    move: (id, delta) => p.structural(moveNode(tree, id, delta), id, 'move'),
    duplicate: (id) =>
      withNode(id, (node) => {
        const r = duplicateNode(tree, id);
        p.structural(r.tree, r.id, 'duplicate');
        p.onStatus(`Duplicated ${nodeLabel(node)}.`);
      }),
    copy: (id) =>
      withNode(id, (node) => {
        const copy = structuredClone(node);
        setClip(copy);
        p.onStatus(
          writeClipboard(copy)
            ? `Copied ${nodeLabel(node)}: paste it here or on another page.`
            : `Copied ${nodeLabel(node)} (this tab only).`,
        );
      }),
    paste: (id) => {
      const source = readClipboard() ?? clip;
      if (!source) return;
      const copy = withFreshIds(source, tree);
      p.structural(placeNode(tree, copy, id, 'after'), copy.id, 'paste');
      p.onStatus(`Pasted ${nodeLabel(copy)}.`);
    },
    pasteStyle: (id) =>
      withNode(id, (node) => {
        const source = readClipboard() ?? clip;
        if (!source) return;
        const isStyle = styleKeys(node);
        const style = Object.fromEntries(Object.entries(source.settings).filter(([k]) => isStyle(k)));
        p.commit(updateSettings(tree, node.id, style));
        if (!Object.keys(style).every(onlyStylesTheElement)) p.remount(node.id);
        p.onStatus(`Pasted the style of ${nodeLabel(source)} onto ${nodeLabel(node)}.`);
      }),
    remove: (id) =>
      withNode(id, (node) => {
        p.structural(removeNode(tree, id), null, 'delete');
        p.onStatus(`Deleted ${nodeLabel(node)}. Undo brings it back (Ctrl+Z).`);
      }),
  };
}
