import type { HandlerEntry } from '../../core/handlers/registry';
import type { WidgetDefinition } from './types';

/**
 * Boot's registry lines for the widgets that have a behaviour: `{ widget, chunk, nearViewport }` from each
 * definition's `behaviour`. The runtime build writes them into boot (scripts/widget-build.mjs); the server (which
 * preloads a page's chunks) and the editor take them from the definitions directly.
 */
export function widgetHandlerLines(widgets: Record<string, WidgetDefinition>): HandlerEntry[] {
  return Object.values(widgets).flatMap((w) =>
    w.behaviour ? [{ widget: w.type, chunk: w.behaviour.chunk, ...(w.behaviour.nearViewport ? { nearViewport: true } : {}) }] : [],
  );
}
