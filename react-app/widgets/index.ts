import * as registered from './registry';
import type { WidgetDefinition } from './types';

// Every widget the page builder knows, by widget type, from the registry (one line per widget folder), in order
// of type so every bundle lists them alike. SSR and the editor preview both read this.
export const widgets: Record<string, WidgetDefinition> = Object.fromEntries(
  Object.values(registered as Record<string, WidgetDefinition>)
    .map((w): [string, WidgetDefinition] => [w.type, w])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
