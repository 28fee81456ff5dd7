import type { DragEndEvent } from '@dnd-kit/core';
import type { ElementNode } from '../widgets/types';
import { findNode } from './tree-ops';
import { holdsChildren, type Placement } from './tree-moves';

// Where a drop lands. On a navigator row: inside a container, after a widget. On the canvas: the element
// under the pointer (inside an empty container, else before or after it by the pointer's half), or the end
// of the page. Keyboard drags end where the keyboard sensor moved the item, so the same rule applies.

export interface DropTarget {
  id: string | null;
  placement: Placement;
}

function pointerOf(event: DragEndEvent): { x: number; y: number } | null {
  const start = event.active.rect.current.initial;
  if (!start) return null;
  return { x: start.left + start.width / 2 + event.delta.x, y: start.top + start.height / 2 + event.delta.y };
}

export function dropTarget(event: DragEndEvent, tree: ElementNode[]): DropTarget | null {
  const over = event.over?.id ? String(event.over.id) : null;
  if (!over) return null;
  if (over.startsWith('drop:') && over !== 'drop:canvas') {
    const node = findNode(tree, over.slice(5));
    if (!node) return null;
    return { id: node.id, placement: holdsChildren(node) ? 'inside' : 'after' };
  }
  const point = pointerOf(event);
  const hit = point ? document.elementFromPoint(point.x, point.y) : null;
  const el = hit?.closest<HTMLElement>('.editor-preview [data-id]');
  const node = el?.dataset.id ? findNode(tree, el.dataset.id) : null;
  if (!el || !node || !point) return { id: null, placement: 'after' };
  if (holdsChildren(node) && node.elements.length === 0) return { id: node.id, placement: 'inside' };
  const rect = el.getBoundingClientRect();
  return { id: node.id, placement: point.y < rect.top + rect.height / 2 ? 'before' : 'after' };
}
