import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import type { ElementNode } from '../widgets/types';

// Content for the preview's data widgets (docs/editor.md): loaded with the document, and again (after a short
// pause) whenever a data widget is added or its settings change, so a Loop Grid shows the chosen template at once.
// Typing elsewhere changes nothing here: only the data widgets' own settings make the signature.

/** The widget types whose content comes from the server (server/render/widget-data.ts, editor-islands.ts). */
const DATA_WIDGETS = new Set(['loop-grid', 'taxonomy-filter', 'island', 'freshop-content']);
export const WIDGET_DATA_DELAY_MS = 250;

/** What the server's data depends on: each data widget's id and settings, in tree order. */
export function dataSignature(tree: ElementNode[]): string {
  const parts: unknown[] = [];
  const walk = (nodes: ElementNode[]) => {
    for (const n of nodes) {
      if (n.elType === 'widget' && n.widgetType && DATA_WIDGETS.has(n.widgetType)) parts.push([n.id, n.widgetType, n.settings]);
      if (n.elements?.length) walk(n.elements);
    }
  };
  walk(tree);
  return JSON.stringify(parts);
}

export function useWidgetData(documentId: number, tree: ElementNode[], initial: Record<string, unknown>): Record<string, unknown> {
  const signature = useMemo(() => dataSignature(tree), [tree]);
  const [data, setData] = useState(initial);
  const loadedFor = useRef(signature);
  const treeRef = useRef(tree);
  useLayoutEffect(() => {
    treeRef.current = tree;
  }, [tree]);
  useEffect(() => {
    if (signature === loadedFor.current) return;
    let current = true;
    const timer = window.setTimeout(() => {
      api(editorApi.widgetData, { params: { id: documentId }, body: { tree: treeRef.current } }).then(
        (r) => {
          if (!current) return;
          loadedFor.current = signature;
          setData(r.data);
        },
        () => undefined, // the preview keeps what it showed; the next change asks again
      );
    }, WIDGET_DATA_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [documentId, signature]);
  return data;
}
