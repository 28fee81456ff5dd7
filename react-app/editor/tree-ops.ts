import type { ElementNode } from '../widgets/types';

// Pure edits of an element tree: each returns a new tree and leaves the input untouched.

export type NewId = () => string;

export const randomId: NewId = () => Math.random().toString(16).slice(2, 8).padEnd(6, '0');

export interface Location {
  parent: ElementNode | null;
  siblings: ElementNode[];
  index: number;
  path: string[];
}

export function locate(tree: ElementNode[], id: string, parent: ElementNode | null = null, path: string[] = []): Location | null {
  const at = [...path];
  // One path array for the whole walk, copied only for the answer: typing walks the tree a few times a key.
  const walk = (list: ElementNode[], holder: ElementNode | null): Location | null => {
    for (let i = 0; i < list.length; i++) {
      const n = list[i];
      if (n.id === id) return { parent: holder, siblings: list, index: i, path: [...at, n.id] };
      if (!n.elements.length) continue;
      at.push(n.id);
      const inner = walk(n.elements, n);
      at.pop();
      if (inner) return inner;
    }
    return null;
  };
  return walk(tree, parent);
}

export const findNode = (tree: ElementNode[], id: string): ElementNode | null => {
  const at = locate(tree, id);
  return at ? at.siblings[at.index] : null;
};

/** Applies fn to the list that holds id (the root list or a container's elements). */
function editSiblings(tree: ElementNode[], id: string, fn: (list: ElementNode[], index: number) => ElementNode[]): ElementNode[] {
  const index = tree.findIndex((n) => n.id === id);
  if (index >= 0) return fn(tree, index);
  // The one child that holds it, found once (not every sibling searched, at every level on the way down).
  const next = [...tree];
  const holder = tree.findIndex((n) => n.elements.length > 0 && locate(n.elements, id) !== null);
  if (holder >= 0) next[holder] = { ...tree[holder], elements: editSiblings(tree[holder].elements, id, fn) };
  return next;
}

export function updateSettings(tree: ElementNode[], id: string, changed: Record<string, unknown>): ElementNode[] {
  return editSiblings(tree, id, (list, i) => list.map((n, j) => (j === i ? { ...n, settings: { ...n.settings, ...changed } } : n)));
}

export function removeNode(tree: ElementNode[], id: string): ElementNode[] {
  return editSiblings(tree, id, (list, i) => list.filter((_, j) => j !== i));
}

/** Moves an element up (-1) or down (+1) among its siblings; no change at either end. */
export function moveNode(tree: ElementNode[], id: string, delta: -1 | 1): ElementNode[] {
  return editSiblings(tree, id, (list, i) => {
    const j = i + delta;
    if (j < 0 || j >= list.length) return list;
    const next = [...list];
    [next[i], next[j]] = [next[j], next[i]];
    return next;
  });
}

function cloneWithIds(node: ElementNode, newId: NewId, taken: Set<string>): ElementNode {
  let id = newId();
  while (taken.has(id)) id = newId();
  taken.add(id);
  return { ...node, id, settings: structuredClone(node.settings), elements: node.elements.map((c) => cloneWithIds(c, newId, taken)) };
}

export function allIds(tree: ElementNode[], out = new Set<string>()): Set<string> {
  for (const n of tree) {
    out.add(n.id);
    allIds(n.elements, out);
  }
  return out;
}

/** Copies an element (with fresh ids) right after itself. Returns the tree and the copy's id. */
export function duplicateNode(tree: ElementNode[], id: string, newId: NewId = randomId): { tree: ElementNode[]; id: string | null } {
  const node = findNode(tree, id);
  if (!node) return { tree, id: null };
  const copy = cloneWithIds(node, newId, allIds(tree));
  return { tree: editSiblings(tree, id, (list, i) => [...list.slice(0, i + 1), copy, ...list.slice(i + 1)]), id: copy.id };
}

/** Inserts a new element: into the target when it is a container, after it when it is a widget, else at the end. */
export function insertNode(tree: ElementNode[], node: ElementNode, targetId: string | null): ElementNode[] {
  const target = targetId ? findNode(tree, targetId) : null;
  if (!target) return [...tree, node];
  if (target.elType === 'container' && node.elType === 'widget') {
    const addInto = (list: ElementNode[]): ElementNode[] =>
      list.map((n) => (n.id === target.id ? { ...n, elements: [...n.elements, node] } : { ...n, elements: addInto(n.elements) }));
    return addInto(tree);
  }
  return editSiblings(tree, target.id, (list, i) => [...list.slice(0, i + 1), node, ...list.slice(i + 1)]);
}

export function newElement(
  kind: 'container' | string,
  settings: Record<string, unknown>,
  tree: ElementNode[],
  newId: NewId = randomId,
): ElementNode {
  const taken = allIds(tree);
  let id = newId();
  while (taken.has(id)) id = newId();
  return kind === 'container'
    ? { id, elType: 'container', settings: {}, elements: [] }
    : { id, elType: 'widget', widgetType: kind, settings: structuredClone(settings), elements: [] };
}
