import type { Settings } from './base';
import { requireArg, requireType } from '../errors';

/**
 * Which chunk handles which element. An entry matches a widget type (the part of data-widget_type before
 * the dot), an element type (data-element_type), or a CSS selector for page-level behaviours; `when`
 * narrows it further so a chunk loads only where its behaviour is actually used.
 */
export interface HandlerEntry {
  chunk: string;
  widget?: string;
  element?: string;
  selector?: string;
  /** element is null when the server asks which chunks a page needs (it has settings, not elements). */
  when?: (settings: Settings, element: HTMLElement | null) => boolean;
  /** Its chunk loads at boot, but the handler connects only when the element comes near the viewport (or gets focus). */
  nearViewport?: boolean;
  /** Nothing to see (measurements, beacons): its chunk loads and its handler connects once the browser is idle. */
  idle?: boolean;
}

export class HandlerRegistry {
  private readonly entries: HandlerEntry[] = [];
  /** Element entries by `widget:<type>` and `element:<type>`, in registration order: boot looks up 500 elements. */
  private readonly byType = new Map<string, HandlerEntry[]>();

  register(entry: HandlerEntry): this {
    requireArg(entry, 'entry');
    requireType(entry.chunk, 'string', 'chunk');
    if (!entry.widget && !entry.element && !entry.selector) throw new Error('widget is required.');
    this.entries.push(entry);
    if (!entry.selector)
      for (const key of [entry.widget && `widget:${entry.widget}`, entry.element && `element:${entry.element}`])
        if (key) this.byType.set(key, [...(this.byType.get(key) ?? []), entry]);
    return this;
  }

  /** Entries that match an element carrying [data-element_type]. */
  forElement(element: HTMLElement, settings: Settings): HandlerEntry[] {
    return this.matching(element.dataset.element_type, element.dataset.widget_type?.split('.')[0], settings, element);
  }

  /** Entries for an element's types before their `when` (none: its settings need not even be read). */
  candidates(elementType: string | undefined, widgetType: string | undefined): HandlerEntry[] {
    const byWidget = (widgetType !== undefined && this.byType.get(`widget:${widgetType}`)) || [];
    const byElement = (elementType !== undefined && this.byType.get(`element:${elementType}`)) || [];
    if (!byWidget.length || !byElement.length) return byWidget.length ? byWidget : byElement;
    return this.entries.filter((e) => byWidget.includes(e) || byElement.includes(e));
  }

  /** Entries for an element type, widget type and settings (the server preloads their chunks). */
  matching(
    elementType: string | undefined,
    widgetType: string | undefined,
    settings: Settings,
    element: HTMLElement | null = null,
  ): HandlerEntry[] {
    return this.candidates(elementType, widgetType).filter((e) => !e.when || e.when(settings, element));
  }

  /** Whether an element may connect the chunk's handler at boot (not every entry of it waits for idle). */
  connectsAtOnce(chunk: string): boolean {
    return this.entries.some((e) => e.chunk === chunk && !e.idle);
  }

  selectorEntries(): HandlerEntry[] {
    return this.entries.filter((e) => e.selector);
  }
}
