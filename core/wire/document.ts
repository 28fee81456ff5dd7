// The element tree of a page-builder document, as stored, edited and rendered: the wire format shared by
// the server (SSR, REST), the editor, the runtime and the seed data.
export interface ElementNode {
  id: string;
  elType: 'container' | 'widget';
  widgetType?: string;
  settings: Record<string, unknown>;
  elements: ElementNode[];
}

/** A widget node (builders used by seed data and by server-made pages such as island wrappers). */
export const w = (id: string, widgetType: string, settings: Record<string, unknown>): ElementNode => ({
  id,
  elType: 'widget',
  widgetType,
  settings,
  elements: [],
});
/** A container node holding `elements`. */
export const box = (id: string, elements: ElementNode[], settings: Record<string, unknown> = {}): ElementNode => ({
  id,
  elType: 'container',
  settings,
  elements,
});
