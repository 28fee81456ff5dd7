import { useState } from 'react';
import { onlyStylesTheElement } from '../widgets/controls/element-style';
import { controlsOf } from '../widgets/controls/schema';
import type { ElementNode, WidgetDefinition } from '../widgets/types';
import { ElementActions } from './ElementActions';
import { Navigator } from './Navigator';
import { TemplatesPanel } from './TemplatesPanel';
import { GlobalWidgetsPanel } from './GlobalWidgetsPanel';
import { duplicateNode, moveNode, removeNode, updateSettings } from './tree-ops';
import { placeNode, withFreshIds } from './tree-moves';
import { WidgetPanel } from './WidgetPanel';

/** Settings keys of the Style and Advanced tabs of an element (what "paste style" copies). */
function styleKeys(node: ElementNode): (key: string) => boolean {
  const keys = new Set(
    controlsOf(node)
      .filter((c) => c.tab === 'style' || c.tab === 'advanced')
      .map((c) => c.key),
  );
  keys.delete('_element_id');
  keys.delete('_title');
  return (key) => keys.has(key) || [...keys].some((k) => key.startsWith(`${k}_`));
}

export interface StructurePanelProps {
  tree: ElementNode[];
  node: ElementNode | null;
  definition: WidgetDefinition | null;
  selected: string | null;
  hidden: ReadonlySet<string>;
  onHidden: (id: string) => void;
  onSelect: (id: string | null) => void;
  onAdd: (type: string) => void;
  onInsert: (elements: ElementNode[]) => void;
  /** A change of the tree that moves the selection and is recorded as a usage event. */
  structural: (next: ElementNode[], select: string | null, action: string) => void;
  /** A change of settings (undoable). */
  commit: (next: ElementNode[]) => void;
  /** Re-creates one element so its handlers re-read their settings. */
  remount: (id: string) => void;
  onStatus: (status: string) => void;
  /** The preview's widget data (global widgets are added to it as they are used). */
  widgetData: Record<string, unknown>;
}

/** The left column: the widget panel, the navigator, the selected element's actions, templates. */
export function StructurePanel(p: StructurePanelProps) {
  const { tree, node } = p;
  const [clipboard, setClipboard] = useState<ElementNode | null>(null);
  return (
    <aside className="editor-panel editor-panel--structure" aria-label="Widgets and navigator">
      <WidgetPanel onAdd={p.onAdd} />
      <h2 id="structure-heading">Navigator</h2>
      <Navigator tree={tree} selected={p.selected} hidden={p.hidden} onSelect={p.onSelect} />
      {node ? (
        <ElementActions
          node={node}
          canPaste={!!clipboard}
          hidden={p.hidden.has(node.id)}
          onMove={(delta) => p.structural(moveNode(tree, node.id, delta), node.id, 'move')}
          onDuplicate={() => {
            const r = duplicateNode(tree, node.id);
            p.structural(r.tree, r.id, 'duplicate');
          }}
          onDelete={() => p.structural(removeNode(tree, node.id), null, 'delete')}
          onCopy={() => {
            setClipboard(structuredClone(node));
            p.onStatus(`Copied ${node.elType === 'container' ? 'the container' : (p.definition?.title ?? 'the widget')}.`);
          }}
          onPaste={() => {
            if (!clipboard) return;
            const copy = withFreshIds(clipboard, tree);
            p.structural(placeNode(tree, copy, node.id, 'after'), copy.id, 'paste');
          }}
          onPasteStyle={() => {
            if (!clipboard) return;
            const isStyle = styleKeys(node);
            const style = Object.fromEntries(Object.entries(clipboard.settings).filter(([k]) => isStyle(k)));
            p.commit(updateSettings(tree, node.id, style));
            if (!Object.keys(style).every(onlyStylesTheElement)) p.remount(node.id);
          }}
          onToggleHidden={() => p.onHidden(node.id)}
          onRename={(name) => p.commit(updateSettings(tree, node.id, { _title: name }))}
        />
      ) : null}
      <TemplatesPanel selection={node} onInsert={p.onInsert} />
      <GlobalWidgetsPanel tree={tree} selection={node} widgetData={p.widgetData} structural={p.structural} onInsert={p.onInsert} />
    </aside>
  );
}
