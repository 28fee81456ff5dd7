import { widgets } from '../widgets';
import type { ElementNode } from '../widgets/types';
import { allIds, findNode, locate, randomId, removeNode, type NewId } from './tree-ops';

// Where a dragged (or pasted) element lands, as pure tree edits: before or after an element, or inside a
// container (or a widget that holds elements: nested tabs, nested accordion, off-canvas).

export type Placement = 'before' | 'after' | 'inside';

/** Whether a node can hold children. */
export const holdsChildren = (n: ElementNode): boolean => n.elType === 'container' || !!widgets[n.widgetType ?? '']?.holdsElements;

/** Places `node` relative to `targetId` (at the end of the page when the target is null or gone). */
export function placeNode(tree: ElementNode[], node: ElementNode, targetId: string | null, placement: Placement): ElementNode[] {
  const at = targetId ? locate(tree, targetId) : null;
  if (!at) return [...tree, node];
  const target = at.siblings[at.index];
  if (placement === 'inside' && holdsChildren(target)) {
    const into = (list: ElementNode[]): ElementNode[] =>
      list.map((n) => (n.id === target.id ? { ...n, elements: [...n.elements, node] } : { ...n, elements: into(n.elements) }));
    return into(tree);
  }
  const offset = placement === 'before' ? 0 : 1;
  const edit = (list: ElementNode[]): ElementNode[] => {
    const i = list.findIndex((n) => n.id === target.id);
    if (i >= 0) return [...list.slice(0, i + offset), node, ...list.slice(i + offset)];
    return list.map((n) => ({ ...n, elements: edit(n.elements) }));
  };
  return edit(tree);
}

/** Moves an existing element; refused (tree unchanged) when it would go inside itself. */
export function moveTo(tree: ElementNode[], id: string, targetId: string | null, placement: Placement): ElementNode[] {
  if (id === targetId) return tree;
  const node = findNode(tree, id);
  if (!node) return tree;
  if (targetId && findNode(node.elements, targetId)) return tree;
  return placeNode(removeNode(tree, id), node, targetId, placement);
}

/** A copy of an element with fresh ids, for paste. */
export function withFreshIds(node: ElementNode, tree: ElementNode[], newId: NewId = randomId): ElementNode {
  const taken = allIds(tree);
  const copy = (n: ElementNode): ElementNode => {
    let id = newId();
    while (taken.has(id)) id = newId();
    taken.add(id);
    return { ...n, id, settings: structuredClone(n.settings), elements: n.elements.map(copy) };
  };
  return copy(node);
}

/**
 * A template's elements inserted after `afterId` (at the end of the page when null), in their order, each
 * with fresh ids so the same template can be inserted twice. Answers the new tree and the new top-level ids.
 */
export function insertElements(
  tree: ElementNode[],
  elements: ElementNode[],
  afterId: string | null,
  newId: NewId = randomId,
): { tree: ElementNode[]; ids: string[] } {
  let next = tree;
  let after = afterId;
  const ids: string[] = [];
  for (const el of elements) {
    const copy = withFreshIds(el, next, newId);
    next = after ? placeNode(next, copy, after, 'after') : [...next, copy];
    after = copy.id;
    ids.push(copy.id);
  }
  return { tree: next, ids };
}
