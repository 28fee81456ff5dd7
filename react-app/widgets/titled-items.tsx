import type { ReactNode } from 'react';
import { str, type ControlSchema, type WidgetContext } from './types';

// The titled HTML items of the tabs, accordion and toggle widgets (settings.tabs): one repeater control, the
// two starter items, and the titles and sanitized panels the markups render.

export interface TitledItem {
  tab_title?: string;
  tab_content?: string;
}

/** The repeater of a title and an HTML content per item. */
export const titledItemsControl = (label: string): ControlSchema => ({
  key: 'tabs',
  label,
  type: 'repeater',
  fields: [
    { key: 'tab_title', label: 'Title', type: 'text' },
    { key: 'tab_content', label: 'Content', type: 'textarea' },
  ],
});

/** The two items a new widget starts with ("Tab #1", "Item #2"…). */
export const starterItems = (noun: 'Tab' | 'Item'): TitledItem[] =>
  [1, 2].map((n) => ({ tab_title: `${noun} #${n}`, tab_content: `<p>${noun} content. Click the edit button to change this text.</p>` }));

/** The items' titles, and their contents sanitized as panels (with the markup's panel class, if any). */
export function titledItems(items: TitledItem[], ctx: WidgetContext, panelClass?: string): { titles: string[]; panels: ReactNode[] } {
  return {
    titles: items.map((it) => str(it.tab_title)),
    panels: items.map((it, i) => (
      <div key={i} className={panelClass} dangerouslySetInnerHTML={{ __html: ctx.sanitizeHtml(str(it.tab_content)) }} />
    )),
  };
}
