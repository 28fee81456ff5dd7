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
}

export class HandlerRegistry {
  private readonly entries: HandlerEntry[] = [];

  register(entry: HandlerEntry): this {
    requireArg(entry, 'entry');
    requireType(entry.chunk, 'string', 'chunk');
    if (!entry.widget && !entry.element && !entry.selector) throw new Error('widget is required.');
    this.entries.push(entry);
    return this;
  }

  /** Entries that match an element carrying [data-element_type]. */
  forElement(element: HTMLElement, settings: Settings): HandlerEntry[] {
    return this.matching(element.dataset.element_type, element.dataset.widget_type?.split('.')[0], settings, element);
  }

  /** Entries for an element type, widget type and settings (the server preloads their chunks). */
  matching(
    elementType: string | undefined,
    widgetType: string | undefined,
    settings: Settings,
    element: HTMLElement | null = null,
  ): HandlerEntry[] {
    return this.entries.filter(
      (e) =>
        !e.selector &&
        ((e.widget !== undefined && e.widget === widgetType) || (e.element !== undefined && e.element === elementType)) &&
        (!e.when || e.when(settings, element)),
    );
  }

  selectorEntries(): HandlerEntry[] {
    return this.entries.filter((e) => e.selector);
  }
}
