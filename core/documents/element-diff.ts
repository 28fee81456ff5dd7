import type { ElementNode } from '../wire/document';

// What changed between two versions of a document, element by element: the history panel shows it and the
// server stores its counts with each revision. Elements are matched by id, so a move is not an add+remove.

export type ElementChangeKind = 'added' | 'removed' | 'changed' | 'moved';

export interface ElementChange {
  id: string;
  kind: ElementChangeKind;
  /** Widget type, or 'container'. */
  label: string;
  /** Setting keys whose values differ (kind 'changed'). */
  keys: string[];
}

export type ChangeCounts = Record<ElementChangeKind, number>;

interface Placed {
  node: ElementNode;
  parent: string | null;
  index: number;
}

function index(nodes: ElementNode[], parent: string | null, into: Map<string, Placed>): Map<string, Placed> {
  nodes.forEach((node, i) => {
    into.set(node.id, { node, parent, index: i });
    index(node.elements, node.id, into);
  });
  return into;
}

const label = (n: ElementNode): string => (n.elType === 'container' ? 'container' : (n.widgetType ?? 'widget'));

/** Stable comparison of JSON values (key order does not count). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function changedKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !same(a[k], b[k])).sort();
}

/** Element-level differences from `before` to `after`, in the order of `after` (removed ones last). */
export function diffElements(before: ElementNode[], after: ElementNode[]): ElementChange[] {
  const old = index(before, null, new Map());
  const now = index(after, null, new Map());
  const out: ElementChange[] = [];
  for (const [id, placed] of now) {
    const was = old.get(id);
    if (!was) {
      out.push({ id, kind: 'added', label: label(placed.node), keys: [] });
      continue;
    }
    const keys = changedKeys(was.node.settings, placed.node.settings);
    if (keys.length || label(was.node) !== label(placed.node)) out.push({ id, kind: 'changed', label: label(placed.node), keys });
    else if (was.parent !== placed.parent || was.index !== placed.index)
      out.push({ id, kind: 'moved', label: label(placed.node), keys: [] });
  }
  for (const [id, placed] of old) if (!now.has(id)) out.push({ id, kind: 'removed', label: label(placed.node), keys: [] });
  return out;
}

export function countChanges(changes: ElementChange[]): ChangeCounts {
  const counts: ChangeCounts = { added: 0, removed: 0, changed: 0, moved: 0 };
  for (const c of changes) counts[c.kind] += 1;
  return counts;
}
