import { memo, useMemo, type MouseEvent } from 'react';
import { useDroppable } from '@dnd-kit/core';
import type { Breakpoint } from '../../core/config/site-config';
import { previewWidth } from './DeviceSwitcher';
import { Element } from '../widgets/element';
import type { ElementNode, RenderContext } from '../widgets/types';
import { sanitizePreviewHtml } from './preview-sanitize';

// The page rendered in the browser with the same widget components as the server. An element is re-mounted (its
// key changes) when a change needs its handlers re-created, that element alone; live changes keep it mounted.

export interface PreviewProps {
  tree: ElementNode[];
  revisions: Record<string, number>;
  generation: number;
  documentId: number;
  /** Popup documents are previewed inside the popup's box, as visitors will see them. */
  documentType: string;
  /** Database content for widgets that show it (loop grids), loaded by the server with the document. */
  widgetData: Record<string, unknown>;
  selected: string | null;
  onSelect: (id: string) => void;
  /** Responsive mode: the device previewed (its width and its per-device values). */
  device?: string;
  breakpoints?: Record<string, Breakpoint>;
  /** Elements hidden in the editor from the navigator (not from visitors). */
  hidden?: ReadonlySet<string>;
}

export const Preview = memo(function Preview({
  tree,
  revisions,
  generation,
  documentId,
  documentType,
  widgetData,
  selected,
  onSelect,
  device = 'desktop',
  breakpoints,
  hidden,
}: PreviewProps) {
  const ctx = useMemo<RenderContext>(
    () => ({
      sanitizeHtml: sanitizePreviewHtml,
      isEdit: true,
      data: widgetData,
      breakpoints,
      previewDevice: device === 'desktop' ? undefined : device,
      // A new key re-creates that element alone (its handlers start over); typing changes no key.
      elementKey: (id: string) => (revisions[id] ? `${id}:${revisions[id]}` : id),
    }),
    [widgetData, breakpoints, device, revisions],
  );
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id: 'drop:canvas' });
  const width = breakpoints ? previewWidth(device, breakpoints) : null;
  const hiddenCss = [...(hidden ?? [])].map((id) => `.editor-preview [data-id="${id.replace(/[^\w-]/g, '')}"]{display:none}`).join('');
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('a')) e.preventDefault(); // links do not navigate away from the editor
    if (target.closest('.swiper-pagination, .elementor-swiper-button')) return;
    const el = target.closest<HTMLElement>('[data-id]');
    if (el?.dataset.id) onSelect(el.dataset.id);
  };
  return (
    <section
      className={`editor-preview-frame editor-preview-frame--${device} editor-affordances${isOver ? ' is-drop-target' : ''}`}
      aria-label={`Preview (${device})`}
      ref={setDropRef}
      style={width ? { maxWidth: `${width}px` } : undefined}
      data-device={device}
    >
      {hiddenCss ? <style>{hiddenCss}</style> : null}
      {selected ? (
        <style>{`.editor-preview [data-id="${selected.replace(/[^\w-]/g, '')}"]{outline:2px solid #1d5fd1;outline-offset:2px}`}</style>
      ) : null}
      {/* Mouse users may also pick elements here; keyboard users use the structure panel. */}
      <div className={documentType === 'popup' ? 'editor-popup-backdrop' : undefined}>
        <div
          className={`elementor editor-preview${documentType === 'popup' ? ' e-popup__content dialog-widget-content' : ''}`}
          data-elementor-type={documentType === 'popup' ? 'popup' : 'wp-page'}
          data-elementor-id={String(documentId)}
          onClick={onClick}
          key={generation}
        >
          {tree.map((node) => (
            <Element key={ctx.elementKey?.(node.id) ?? node.id} node={node} ctx={ctx} />
          ))}
        </div>
      </div>
    </section>
  );
});
