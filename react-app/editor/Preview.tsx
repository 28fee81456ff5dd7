import { memo, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { useDroppable } from '@dnd-kit/core';
import type { Breakpoint } from '../../core/config/site-config';
import type { Runtime } from '../../core/runtime';
import { canvasWidth } from './DeviceSwitcher';
import { Element } from '../widgets/element';
import type { ElementNode, RenderContext } from '../widgets/types';
import { sanitizePreviewHtml } from './preview-sanitize';
import { useWidgetData } from './useWidgetData';

// The page rendered in the browser with the same widget components as the server, into the canvas: an iframe
// at the previewed device's width in CSS pixels (scaled down to fit when the column is narrower), whose own
// window runs the runtime, so media queries, breakpoints and behaviours apply exactly as on the published page
// (react-app/editor/canvas-main.ts). React renders into it through a portal: one tree, one state, and an element
// is re-mounted (its key changes) only when a change needs its handlers re-created, that element alone.

/** The canvas's window once loaded: its document, the root the page is rendered into, its runtime. */
export interface Canvas {
  win: Window;
  doc: Document;
  root: HTMLElement;
  runtime: Runtime;
}

export interface PreviewProps {
  tree: ElementNode[];
  /**
   * How many times each element was re-created (its key changes with it). Read when its parent renders: a
   * re-creation goes with a change of the element's settings, which re-renders the path to it.
   */
  revisions: ReadonlyMap<string, number>;
  generation: number;
  documentId: number;
  /** Popup documents are previewed inside the popup's box, as visitors will see them. */
  documentType: string;
  /** Database content for widgets that show it (loop grids), loaded by the server with the document. */
  widgetData: Record<string, unknown>;
  selected: string | null;
  onSelect: (id: string) => void;
  /** Responsive mode: the device previewed (the canvas's width). */
  device?: string;
  breakpoints?: Record<string, Breakpoint>;
  /** Elements hidden in the editor from the navigator (not from visitors). */
  hidden?: ReadonlySet<string>;
  /** Site Settings being edited, as a stylesheet for the canvas. */
  siteCss?: string;
  canvas: Canvas | null;
  onCanvas: (canvas: Canvas | null) => void;
  /** A right click on an element of the canvas: its id and where, in the editor's window. */
  onContextMenu?: (id: string, at: { x: number; y: number }) => void;
  /** A double click on an element of the canvas: edit its words in place. */
  onEditInPlace?: (id: string) => void;
}

/** The size the canvas column offers (the iframe is laid out in it, scaled when narrower than the device). */
function useStageSize(ref: React.RefObject<HTMLElement | null>): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      setSize((s) =>
        s && s.width === Math.floor(r.width) && s.height === Math.floor(r.height)
          ? s
          : { width: Math.floor(r.width), height: Math.floor(r.height) },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

export const Preview = memo(function Preview(p: PreviewProps) {
  const { device = 'desktop', breakpoints, canvas, onCanvas } = p;
  const stage = useRef<HTMLDivElement>(null);
  const size = useStageSize(stage);
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id: 'drop:canvas' });
  const width = size ? canvasWidth(device, breakpoints, size.width) : null;
  const scale = size && width ? Math.min(1, size.width / width) : 1;
  const height = size ? Math.floor(size.height / scale) : null;

  const onLoad = (e: SyntheticEvent<HTMLIFrameElement>) => {
    const win = e.currentTarget.contentWindow;
    const root = win?.document.getElementById('editor-canvas-root');
    const runtime = win?.siteRuntime;
    onCanvas(win && root && runtime ? { win, doc: win.document, root, runtime } : null);
  };

  return (
    <section
      className={`editor-preview-frame editor-preview-frame--${device}${isOver ? ' is-drop-target' : ''}`}
      aria-label={`Preview (${device})`}
      ref={setDropRef}
      data-device={device}
      data-width={width ?? undefined}
      data-scale={scale.toFixed(3)}
    >
      <div className="editor-canvas-stage" ref={stage}>
        {size && width && height ? (
          <div className="editor-canvas-sizer" style={{ width: `${Math.floor(width * scale)}px`, height: `${size.height}px` }}>
            <iframe
              className="editor-canvas-frame"
              title={`The page at ${width} px (${device})`}
              src={`/editor/${p.documentId}/canvas`}
              onLoad={onLoad}
              style={{ width: `${width}px`, height: `${height}px`, transform: scale < 1 ? `scale(${scale})` : undefined }}
            />
          </div>
        ) : null}
      </div>
      {canvas ? createPortal(<CanvasContent {...p} />, canvas.root) : null}
    </section>
  );
});

/** What the canvas shows: the page's elements, the selection's outline, elements hidden in the editor. */
function CanvasContent({
  tree,
  revisions,
  generation,
  documentId,
  documentType,
  widgetData,
  selected,
  onSelect,
  breakpoints,
  hidden,
  siteCss,
  onContextMenu,
  onEditInPlace,
  canvas,
}: PreviewProps) {
  // Data widgets added or changed since the document loaded get their content from the server (a Loop Grid's items).
  const data = useWidgetData(documentId, tree, widgetData);
  const ctx = useMemo<RenderContext>(
    () => ({
      sanitizeHtml: sanitizePreviewHtml,
      isEdit: true,
      data,
      breakpoints,
      // A new key re-creates that element alone (its handlers start over); typing changes no key.
      elementKey: (id: string) => {
        const n = revisions.get(id);
        return n ? `${id}:${n}` : id;
      },
    }),
    [data, breakpoints, revisions],
  );
  const hiddenCss = [...(hidden ?? [])].map((id) => `.editor-preview [data-id="${id.replace(/[^\w-]/g, '')}"]{display:none}`).join('');
  const elementOf = (target: EventTarget) => (target as HTMLElement).closest?.<HTMLElement>('[data-id]') ?? null;
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('a')) e.preventDefault(); // links do not navigate the canvas away
    if (target.closest('.swiper-pagination, .elementor-swiper-button')) return;
    const el = elementOf(target);
    if (el?.dataset.id) onSelect(el.dataset.id);
  };
  const onMenu = (e: MouseEvent<HTMLDivElement>) => {
    const el = elementOf(e.target);
    if (!el?.dataset.id || !onContextMenu || !canvas) return;
    e.preventDefault();
    onSelect(el.dataset.id);
    const frame = canvas.win.frameElement?.getBoundingClientRect();
    const scale = frame && canvas.win.innerWidth ? frame.width / canvas.win.innerWidth : 1;
    onContextMenu(el.dataset.id, { x: (frame?.left ?? 0) + e.clientX * scale, y: (frame?.top ?? 0) + e.clientY * scale });
  };
  return (
    <>
      {siteCss ? <style>{siteCss}</style> : null}
      {hiddenCss ? <style>{hiddenCss}</style> : null}
      {selected ? (
        <style>{`.editor-preview [data-id="${selected.replace(/[^\w-]/g, '')}"]{outline:2px solid #1d5fd1;outline-offset:2px}`}</style>
      ) : null}
      <div className={documentType === 'popup' ? 'editor-popup-backdrop' : undefined}>
        <div
          className={`elementor editor-preview${documentType === 'popup' ? ' e-popup__content dialog-widget-content' : ''}`}
          data-elementor-type={documentType === 'popup' ? 'popup' : 'wp-page'}
          data-elementor-id={String(documentId)}
          onClick={onClick}
          onContextMenu={onMenu}
          onDoubleClick={(e) => {
            const id = elementOf(e.target)?.dataset.id;
            if (id && onEditInPlace) onEditInPlace(id);
          }}
          onSubmit={(e) => e.preventDefault()} // a form in the page does not navigate the canvas away
          key={generation}
        >
          {tree.map((node) => (
            <Element key={ctx.elementKey?.(node.id) ?? node.id} node={node} ctx={ctx} />
          ))}
        </div>
      </div>
    </>
  );
}
