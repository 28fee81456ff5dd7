import type { ReactNode } from 'react';

import type { ElementNode } from '../../core/wire/document';
import type { ContentSlots } from '../../core/store-layer/content-slot';
import type { ControlSchema } from '../../core/wire/control-schema';
import type { Breakpoint } from '../../core/config/site-config';
import type { IslandSlots } from '../../core/wire/islands';

export type { ElementNode };

/** What a widget needs from where it is rendered (server SSR or the editor preview). */
export interface RenderContext {
  /** Cleans editor HTML; the server passes its sanitiser, the preview the same rules in the browser. */
  sanitizeHtml: (html: string) => string;
  isEdit: boolean;
  /** Data for widgets that show database content (loop grids, store info), provided by the server. */
  data: Record<string, unknown>;
  /** Content blocks the server resolved for this visitor's store and audience, by slot (absent in the editor). */
  content?: ContentSlots;
  /** The content block id behind each filled slot (measured content, A/B variants), by slot. */
  contentBlockIds?: ReadonlyMap<string, number>;
  /** The kit's breakpoints, for per-device CSS (the page builder's defaults when not given). */
  breakpoints?: Record<string, Breakpoint>;
  /** The editor's responsive mode: per-device styles resolved for this device instead of media queries. */
  previewDevice?: string;
  /** Islands on the page (server render): their props and markup renderer (absent in the editor). */
  islands?: IslandSlots;
  /** The editor's React key for an element: a new key re-creates that element alone (docs/editor.md). */
  elementKey?: (id: string) => string;
  /** Theme templates (docs/editor.md, "Theme builder"): what the site header, footer and page content widgets show. */
  theme?: { header?: ReactNode; footer?: ReactNode; content?: ReactNode };
}

/**
 * What a widget's `render` receives: the caller's context plus the renderer of child elements (containers,
 * tabs, accordions, off-canvas and loop items hold elements). Passing it in keeps widgets free of an import
 * of the element renderer, which imports every widget.
 */
export interface WidgetContext extends RenderContext {
  renderElement: (node: ElementNode) => ReactNode;
}

/** One editable setting (core/wire/control-schema.ts), from which the editor builds its settings panel. */
export type { ControlSchema } from '../../core/wire/control-schema';
export { choices } from '../../core/wire/control-schema';

/**
 * A widget's front-end behaviour: a `Handler` (default export) in the widget's folder, built into a chunk that
 * loads on pages showing the widget. `handler.ts` is the chunk named after the folder, `<chunk>.handler.ts` any
 * other (a folder of two widgets with two behaviours). Boot's registry line for the widget is made from this.
 */
export interface WidgetBehaviour {
  chunk: string;
  /** The chunk loads at boot, its handler connects when the element comes near the viewport (or gets focus). */
  nearViewport?: boolean;
  /** Library stylesheets the chunk needs (paths from the repository root), linked in the head of pages using it. */
  styles?: string[];
}

export interface WidgetDefinition<S = Record<string, unknown>> {
  type: string;
  title: string;
  /** Settings keys the front-end handler needs; only these go into data-settings. */
  frontendSettings: string[];
  /** Extra classes on the wrapper (e.g. 'elementor-widget-image-carousel' variants). */
  wrapperClass?: (settings: S) => string;
  render: (settings: S, ctx: WidgetContext, node: ElementNode) => ReactNode;
  /** Settings the editor offers for this widget (optional: widgets without it show no settings). */
  controls?: ControlSchema[];
  /** A container widget (nested tabs, nested accordion, off-canvas): its children are elements it renders. */
  holdsElements?: boolean;
  /** Settings of a newly added widget. */
  defaults?: Record<string, unknown>;
  /** Its front-end behaviour (none: the widget is markup and styles only). */
  behaviour?: WidgetBehaviour;
}

export const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);
