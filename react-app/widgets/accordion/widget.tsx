import type { ReactNode } from 'react';
import { choices, type ElementNode, str, type WidgetContext, type WidgetDefinition } from '../types';
import { nestedItems } from '../nested-items';
import { starterItems, titledItems, titledItemsControl, type TitledItem } from '../titled-items';

// Accordion, toggle and nested accordion: WAI-ARIA accordion markup (header buttons controlling regions).
// The accordion opens its first item and keeps one open; the toggle starts closed and opens any number.

interface Item extends TitledItem {
  item_title?: string;
}

const HEADING_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

function AccordionMarkup(props: {
  id: string;
  titles: string[];
  panels: ReactNode[];
  multiple: boolean;
  firstOpen: boolean;
  tag: string;
}): ReactNode {
  const Tag = (HEADING_TAGS.has(props.tag) ? props.tag : 'h3') as 'h3';
  return (
    <div className="e-accordion" data-multiple={String(props.multiple)}>
      {props.titles.map((title, i) => {
        const open = props.firstOpen && i === 0;
        const base = `e-acc-${props.id}-${i + 1}`;
        return (
          <div className={`e-accordion-item${open ? ' e-active' : ''}`} key={base}>
            <Tag className="e-accordion-heading">
              <button type="button" id={base} className="e-accordion-title" aria-expanded={open} aria-controls={`${base}-panel`}>
                <span className="e-accordion-icon" aria-hidden="true" />
                {title}
              </button>
            </Tag>
            <div id={`${base}-panel`} className="e-accordion-content" role="region" aria-labelledby={base} hidden={!open}>
              {props.panels[i]}
            </div>
          </div>
        );
      })}
    </div>
  );
}

const itemsOf = (s: Record<string, unknown>): Item[] =>
  Array.isArray(s.tabs) ? (s.tabs as Item[]) : Array.isArray(s.items) ? (s.items as Item[]) : [];

const TITLE_TAGS: Array<[string, string]> = ['h2', 'h3', 'h4', 'h5', 'h6', 'div', 'p'].map((t) => [t, t.toUpperCase()]);
const FIRST_OPEN: Array<[string, string]> = [
  ['', 'Yes'],
  ['yes', 'Yes'],
  ['no', 'No'],
];

const simple = (type: 'accordion' | 'toggle', title: string): WidgetDefinition => ({
  type,
  title,
  behaviour: { chunk: type, nearViewport: true },
  frontendSettings: [],
  controls: [
    titledItemsControl('Items'),
    { key: 'title_html_tag', label: 'Title HTML tag', type: 'select', options: TITLE_TAGS },
    ...(type === 'accordion' ? [{ key: 'first_open', label: 'First item open', type: 'select' as const, options: FIRST_OPEN }] : []),
  ],
  defaults: { tabs: starterItems('Item') },
  render: (s, ctx, node) => {
    const { titles, panels } = titledItems(itemsOf(s), ctx, 'elementor-tab-content');
    return (
      <AccordionMarkup
        id={node.id}
        titles={titles}
        panels={panels}
        multiple={type === 'toggle'}
        firstOpen={type === 'accordion' && s.first_open !== 'no'}
        tag={str(s.title_html_tag, 'h3')}
      />
    );
  },
});

export const accordion = simple('accordion', 'Accordion');
export const toggle = simple('toggle', 'Toggle');

/** Nested accordion: one title per child container, the container's elements as the content. */
export const nestedAccordion: WidgetDefinition = {
  type: 'nested-accordion',
  behaviour: { chunk: 'nested-accordion', nearViewport: true },
  holdsElements: true,
  title: 'Accordion (nested)',
  frontendSettings: [],
  controls: [
    {
      key: 'items',
      label: 'Items (one per child container)',
      type: 'repeater',
      fields: [{ key: 'item_title', label: 'Title', type: 'text' }],
    },
    { key: 'title_tag', label: 'Title HTML tag', type: 'select', options: TITLE_TAGS },
    {
      key: 'default_state',
      label: 'Default state',
      type: 'select',
      options: choices({ '': 'First expanded', expanded: 'First expanded', all_collapsed: 'All collapsed' }),
    },
    { key: 'max_items_expended', label: 'Open items', type: 'select', options: choices({ '': 'One', one: 'One', multiple: 'Multiple' }) },
  ],
  defaults: { items: [{ item_title: 'Item #1' }, { item_title: 'Item #2' }] },
  render: (s, ctx: WidgetContext, node: ElementNode) => {
    const items = itemsOf(s);
    const { titles, panels } = nestedItems(
      node,
      ctx,
      (i) => str(items[i]?.item_title ?? items[i]?.tab_title),
      items.length,
      (i) => `Item #${i + 1}`,
    );
    return (
      <AccordionMarkup
        id={node.id}
        titles={titles}
        panels={panels}
        multiple={s.max_items_expended === 'multiple'}
        firstOpen={s.default_state !== 'all_collapsed'}
        tag={str(s.title_tag, 'h3')}
      />
    );
  },
};
