import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

/**
 * Above this many elements, containers off the selected element's path start collapsed: every rendered row costs
 * the editor's frames (a pre-paint walk of the whole list at each canvas update, about 2.5 ms a key on the
 * 500-element page, docs/performance.md "Editor typing"). Smaller documents open fully, as before.
 */
export const COLLAPSE_OVER = 150;

/** Which containers are open: the editor's own toggles first, then (on long documents) only the selection's path. */
interface Openness {
  /** Containers the editor opened or closed with their toggle. */
  opened: ReadonlySet<string>;
  closed: ReadonlySet<string>;
  /** On a long document: the selected element and its ancestors (open, so it and its children show); null: every container open. */
  path: ReadonlySet<string> | null;
}

const isOpen = (o: Openness, id: string): boolean => !o.closed.has(id) && (!o.path || o.opened.has(id) || o.path.has(id));

interface RowProps {
  node: ElementNode;
  level: number;
  selected: string | null;
  hidden: ReadonlySet<string>;
  open: Openness;
  onSelect: (id: string) => void;
  onToggle: (id: string, open: boolean) => void;
}

/**
 * One row and its children. Memoised: typing in a control changes one element, and the tree keeps every other
 * node object, so only the rows on the path to it re-render (500 rows, each with drag and drop hooks, cost
 * a keystroke about 100 ms when they all did). The function's own name is not `Row`: inside it, `<Row>` must be
 * the memoised component, or every child row re-renders.
 */
const Row = memo(function NavigatorRow({ node, level, selected, hidden, open: openness, onSelect, onToggle }: RowProps) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: nodeDragId(node.id), data: { kind: 'node', id: node.id } });
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id: dropId(node.id), data: { id: node.id } });
  const parent = holdsChildren(node) && node.elements.length > 0;
  const open = parent && isOpen(openness, node.id);
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
            onClick={() => onToggle(node.id, !open)}
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
              open={openness}
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
  const [toggled, setToggled] = useState<{ opened: ReadonlySet<string>; closed: ReadonlySet<string> }>(() => ({
    opened: new Set(),
    closed: new Set(),
  }));
  const toggle = useCallback(
    (id: string, open: boolean) =>
      setToggled((t) => {
        const opened = new Set(t.opened);
        const closed = new Set(t.closed);
        (open ? opened : closed).add(id);
        (open ? closed : opened).delete(id);
        return { opened, closed };
      }),
    [],
  );
  // The path as a string, so the set (and every row's props) keeps its identity while typing changes the tree.
  const long = useMemo(() => longerThan(props.tree, COLLAPSE_OVER), [props.tree]);
  const pathKey = long ? [...(pathTo(props.tree, props.selected) ?? []), props.selected ?? ''].join(' ').trim() : null;
  const openness = useMemo<Openness>(
    () => ({ ...toggled, path: pathKey === null ? null : new Set(pathKey ? pathKey.split(' ') : []) }),
    [toggled, pathKey],
  );
  // The selected row follows the canvas: opened above, and scrolled into the navigator's view.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const rows = nav.current?.querySelectorAll<HTMLElement>('[data-node-id]') ?? [];
    for (const row of rows) if (row.dataset.nodeId === props.selected) row.scrollIntoView?.({ block: 'nearest' });
  }, [props.selected]);
  return (
    <nav className="editor-structure" aria-label="Navigator" ref={nav}>
      {props.tree.length ? (
        <ul role="tree" aria-label="Page elements">
          {props.tree.map((n) => (
            <Row
              key={n.id}
              node={n}
              level={1}
              selected={props.selected}
              hidden={props.hidden}
              open={openness}
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

/** More than `limit` elements? (The walk stops there: typing counts the tree again at each canvas update.) */
function longerThan(tree: ElementNode[], limit: number): boolean {
  let n = 0;
  const walk = (nodes: ElementNode[]): boolean => nodes.some((node) => ++n > limit || walk(node.elements));
  return walk(tree);
}

/** The ids of the element's ancestors, outermost first; null when it is not in the tree. */
function pathTo(tree: ElementNode[], id: string | null): string[] | null {
  if (!id) return null;
  for (const node of tree) {
    if (node.id === id) return [];
    const inner = pathTo(node.elements, id);
    if (inner) return [node.id, ...inner];
  }
  return null;
}
