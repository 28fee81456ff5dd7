import { memo, useCallback, useState } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { widgets } from '../widgets';
import type { ElementNode } from '../widgets/types';
import { holdsChildren } from './tree-moves';
import { globalIdOf, isGlobalReference } from '../../core/documents/global-widgets';

// The navigator: the document as a tree (WAI-ARIA tree pattern over nested lists). Each row selects its
// element, collapses its children, and is a drag handle and a drop target (on a container: inside it; on
// a widget: after it). Keyboard users select here and use the actions under the tree.

export function nodeLabel(node: ElementNode): string {
  if (typeof node.settings._title === 'string' && node.settings._title.trim()) return node.settings._title.trim().slice(0, 60);
  if (node.elType === 'container') return 'Container';
  if (isGlobalReference(node)) return `Global widget #${globalIdOf(node) ?? '?'}`;
  const def = widgets[node.widgetType ?? ''];
  const title =
    typeof node.settings.title === 'string'
      ? `: ${node.settings.title}`
      : typeof node.settings.carousel_name === 'string'
        ? `: ${node.settings.carousel_name}`
        : '';
  return `${def?.title ?? node.widgetType ?? 'Widget'}${title}`.slice(0, 60);
}

export const nodeDragId = (id: string): string => `node:${id}`;
export const dropId = (id: string): string => `drop:${id}`;

interface RowProps {
  node: ElementNode;
  level: number;
  selected: string | null;
  hidden: ReadonlySet<string>;
  collapsed: Set<string>;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
}

/**
 * One row and its children. Memoised: typing in a control changes one element, and the tree keeps every other
 * node object, so only the rows on the path to it re-render (500 rows, each with drag and drop hooks, cost
 * a keystroke about 100 ms when they all did). The function's own name is not `Row`: inside it, `<Row>` must be
 * the memoised component, or every child row re-renders.
 */
const Row = memo(function NavigatorRow({ node, level, selected, hidden, collapsed, onSelect, onToggle }: RowProps) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: nodeDragId(node.id), data: { kind: 'node', id: node.id } });
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id: dropId(node.id), data: { id: node.id } });
  const parent = holdsChildren(node) && node.elements.length > 0;
  const open = parent && !collapsed.has(node.id);
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-selected={selected === node.id}
      aria-expanded={parent ? open : undefined}
      className={isOver ? 'is-drop-target' : undefined}
    >
      <div className="editor-nav__row" ref={setDropRef}>
        {parent ? (
          <button
            type="button"
            className="editor-nav__toggle"
            aria-label={`${open ? 'Collapse' : 'Expand'} ${nodeLabel(node)}`}
            onClick={() => onToggle(node.id)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="editor-nav__toggle" aria-hidden="true" />
        )}
        <button
          type="button"
          ref={setNodeRef}
          {...attributes}
          {...listeners}
          className={`editor-structure__item${hidden.has(node.id) ? ' is-hidden' : ''}`}
          aria-pressed={selected === node.id}
          data-node-id={node.id}
          aria-roledescription="draggable element"
          onClick={() => onSelect(node.id)}
        >
          {nodeLabel(node)}
          {hidden.has(node.id) ? <span className="editor-nav__hidden"> (hidden)</span> : null}
        </button>
      </div>
      {open ? (
        <ul role="group">
          {node.elements.map((c) => (
            <Row
              key={c.id}
              node={c}
              level={level + 1}
              selected={selected}
              hidden={hidden}
              collapsed={collapsed}
              onSelect={onSelect}
              onToggle={onToggle}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
});

/** Memoised: its panel passes a deferred tree, so a keystroke's own render skips the navigator (see StructurePanel). */
export const Navigator = memo(function NavigatorTree(props: {
  tree: ElementNode[];
  selected: string | null;
  hidden: ReadonlySet<string>;
  onSelect: (id: string) => void;
}) {
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return (
    <nav className="editor-structure" aria-label="Navigator">
      {props.tree.length ? (
        <ul role="tree" aria-label="Page elements">
          {props.tree.map((n) => (
            <Row
              key={n.id}
              node={n}
              level={1}
              selected={props.selected}
              hidden={props.hidden}
              collapsed={collapsed}
              onSelect={props.onSelect}
              onToggle={toggle}
            />
          ))}
        </ul>
      ) : (
        <p>The page is empty. Add a container or drag a widget here.</p>
      )}
    </nav>
  );
});
