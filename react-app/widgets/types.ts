import type { ReactNode } from 'react';

export interface ElementNode {
  id: string;
  elType: 'container' | 'widget';
  widgetType?: string;
  settings: Record<string, unknown>;
  elements: ElementNode[];
}

/** What a widget needs from where it is rendered (server SSR or the editor preview). */
export interface RenderContext {
  /** Cleans editor HTML; the server passes its sanitiser, the preview the same rules in the browser. */
  sanitizeHtml: (html: string) => string;
  isEdit: boolean;
  /** Data for widgets that show database content (loop grids, store info), provided by the server. */
  data: Record<string, unknown>;
}

export interface WidgetDefinition<S = Record<string, unknown>> {
  type: string;
  title: string;
  /** Settings keys the front-end handler needs; only these go into data-settings. */
  frontendSettings: string[];
  /** Extra classes on the wrapper (e.g. 'elementor-widget-image-carousel' variants). */
  wrapperClass?: (settings: S) => string;
  render: (settings: S, ctx: RenderContext, node: ElementNode) => ReactNode;
}

export const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);
