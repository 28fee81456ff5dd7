import { choices, str, type WidgetDefinition } from '../types';

/** Off-canvas: a side panel opened by link actions (off_canvas:open/toggle/close); its children are the content. */
export const offCanvas: WidgetDefinition = {
  type: 'off-canvas',
  behaviour: { chunk: 'off-canvas' },
  holdsElements: true,
  title: 'Off-Canvas',
  frontendSettings: [],
  controls: [
    { key: 'off_canvas_name', label: 'Name', type: 'text', help: 'Link to it with the off-canvas link actions.' },
    { key: 'position', label: 'Position', type: 'select', options: choices({ '': 'Left', left: 'Left', right: 'Right' }) },
  ],
  defaults: { off_canvas_name: 'Off-canvas' },
  render: (s, ctx, node) => (
    <div
      className={`e-off-canvas e-off-canvas--${s.position === 'right' ? 'right' : 'left'}`}
      id={`off-canvas-${node.id}`}
      role="dialog"
      aria-modal="true"
      aria-label={str(s.off_canvas_name, 'Off-canvas')}
      aria-hidden="true"
      inert
    >
      <div className="e-off-canvas__overlay" />
      <div className="e-off-canvas__main">
        <button type="button" className="e-off-canvas__close" aria-label="Close">
          <span aria-hidden="true">×</span>
        </button>
        <div className="e-off-canvas__content">{node.elements.map(ctx.renderElement)}</div>
      </div>
    </div>
  ),
};
