import type { DragEndEvent } from '@dnd-kit/core';
import type { ElementNode } from '../widgets/types';
import { findNode } from './tree-ops';
import { holdsChildren, type Placement } from './tree-moves';

// Where a drop lands. On a navigator row: inside a container, after a widget. On the canvas: the element
// under the pointer (inside an empty container, else before or after it by the pointer's half), or the end
// of the page. Keyboard drags end where the keyboard sensor moved the item, so the same rule applies. The
// canvas is an iframe, maybe scaled: the pointer is carried into its window's own CSS pixels.

export interface DropTarget {
  id: string | null;
  placement: Placement;
}

function pointerOf(event: DragEndEvent): { x: number; y: number } | null {
  const start = event.active.rect.current.initial;
  if (!start) return null;
  return { x: start.left + start.width / 2 + event.delta.x, y: start.top + start.height / 2 + event.delta.y };
}

/** The canvas element under a point of the editor's window, and the point in the canvas's own pixels. */
function canvasHit(point: { x: number; y: number }, frame: HTMLIFrameElement | null): { el: HTMLElement; y: number } | null {
  const doc = frame?.contentDocument;
  if (!frame || !doc) return null;
  const box = frame.getBoundingClientRect();
  if (point.x < box.left || point.x > box.right || point.y < box.top || point.y > box.bottom) return null;
  const scale = frame.offsetWidth ? box.width / frame.offsetWidth : 1;
  const x = (point.x - box.left) / scale;
  const y = (point.y - box.top) / scale;
  const el = doc.elementFromPoint(x, y)?.closest<HTMLElement>('.editor-preview [data-id]');
  return el ? { el, y } : null;
}

export function dropTarget(event: DragEndEvent, tree: ElementNode[], frame: HTMLIFrameElement | null): DropTarget | null {
  const over = event.over?.id ? String(event.over.id) : null;
  if (!over) return null;
  if (over.startsWith('drop:') && over !== 'drop:canvas') {
    const node = findNode(tree, over.slice(5));
    if (!node) return null;
    return { id: node.id, placement: holdsChildren(node) ? 'inside' : 'after' };
  }
  const point = pointerOf(event);
  const hit = point ? canvasHit(point, frame) : null;
  return (hit && placementAt(hit.el, hit.y, tree)) ?? { id: null, placement: 'after' };
}

/** The drop place on a canvas element at height `y` (the canvas's pixels): inside an empty container, else its half. */
export function placementAt(el: HTMLElement, y: number, tree: ElementNode[]): DropTarget | null {
  const node = el.dataset.id ? findNode(tree, el.dataset.id) : null;
  if (!node) return null;
  if (holdsChildren(node) && node.elements.length === 0) return { id: node.id, placement: 'inside' };
  const rect = el.getBoundingClientRect();
  return { id: node.id, placement: y < rect.top + rect.height / 2 ? 'before' : 'after' };
}
