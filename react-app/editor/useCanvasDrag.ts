import { useEffect, useRef, type RefObject } from 'react';
import type { ElementNode } from '../widgets/types';
import type { Canvas } from './Preview';
import { placementAt, type DropTarget } from './drop-target';

// Dragging an element within the canvas with the mouse: press on it, move (6 px at least), and a line (or an
// outline, into an empty container) shows where it will land; release to move it there, Escape to cancel.
// The keyboard way to the same moves is the navigator (Space to pick up, arrows, Space) and Move up/down.

const THRESHOLD = 6;
const IGNORE =
  '[contenteditable="true"], [contenteditable="plaintext-only"], .swiper-pagination, .elementor-swiper-button, input, select, textarea';

export function useCanvasDrag(canvas: Canvas | null, treeRef: RefObject<ElementNode[]>, onMove: (id: string, target: DropTarget) => void) {
  const move = useRef(onMove);
  useEffect(() => {
    move.current = onMove;
  });
  useEffect(() => {
    if (!canvas) return;
    const { doc } = canvas;
    let start: { id: string; el: HTMLElement; x: number; y: number } | null = null;
    let dragging = false;
    let target: DropTarget | null = null;
    const indicator = doc.createElement('div');
    indicator.className = 'editor-drop-indicator';
    indicator.hidden = true;
    indicator.setAttribute('aria-hidden', 'true');
    doc.body.append(indicator);

    const over = (x: number, y: number): HTMLElement | null => {
      indicator.hidden = true; // not under the pointer itself
      const el = doc.elementFromPoint(x, y)?.closest<HTMLElement>('.editor-preview [data-id]') ?? null;
      // Never into itself: the nearest element outside the dragged one.
      return el && start && (el === start.el || start.el.contains(el)) ? null : el;
    };
    const show = (el: HTMLElement, t: DropTarget) => {
      const r = el.getBoundingClientRect();
      indicator.hidden = false;
      indicator.dataset.placement = t.placement;
      Object.assign(indicator.style, {
        left: `${r.left}px`,
        width: `${r.width}px`,
        top: `${t.placement === 'after' ? r.bottom - 2 : r.top - (t.placement === 'before' ? 2 : 0)}px`,
        height: t.placement === 'inside' ? `${r.height}px` : '4px',
      });
    };
    const reset = () => {
      start = null;
      dragging = false;
      target = null;
      indicator.hidden = true;
      doc.documentElement.classList.remove('is-canvas-dragging');
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0 || (e.target as Element).closest?.(IGNORE)) return;
      const el = (e.target as Element).closest?.<HTMLElement>('.editor-preview [data-id]');
      if (el?.dataset.id) start = { id: el.dataset.id, el, x: e.clientX, y: e.clientY };
    };
    const onPointerMove = (e: PointerEvent) => {
      if (!start) return;
      if (!dragging && Math.hypot(e.clientX - start.x, e.clientY - start.y) < THRESHOLD) return;
      dragging = true;
      doc.documentElement.classList.add('is-canvas-dragging');
      e.preventDefault();
      const el = over(e.clientX, e.clientY);
      target = el ? placementAt(el, e.clientY, treeRef.current) : null;
      if (el && target) show(el, target);
    };
    const onUp = () => {
      const done = dragging && start && target ? { id: start.id, target } : null;
      reset();
      if (done && done.target.id !== done.id) move.current(done.id, done.target);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dragging) {
        e.preventDefault();
        reset();
      }
    };
    doc.addEventListener('pointerdown', onDown);
    doc.addEventListener('pointermove', onPointerMove);
    doc.addEventListener('pointerup', onUp);
    doc.addEventListener('keydown', onKey);
    return () => {
      doc.removeEventListener('pointerdown', onDown);
      doc.removeEventListener('pointermove', onPointerMove);
      doc.removeEventListener('pointerup', onUp);
      doc.removeEventListener('keydown', onKey);
      indicator.remove();
    };
  }, [canvas, treeRef]);
}
