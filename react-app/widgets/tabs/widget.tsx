import type { ReactNode } from 'react';
import { str, type WidgetDefinition } from '../types';
import { nestedItems } from '../nested-items';
import { starterItems, titledItems, titledItemsControl, type TitledItem } from '../titled-items';

// Tabs and nested tabs: WAI-ARIA tabs markup, the first tab selected, one tab in the tab order.

function TabsMarkup(props: { id: string; titles: string[]; panels: ReactNode[]; vertical: boolean; label: string }): ReactNode {
  return (
    <div className={`e-tabs${props.vertical ? ' e-tabs--vertical' : ''}`}>
      <div className="e-tabs-list" role="tablist" aria-label={props.label} aria-orientation={props.vertical ? 'vertical' : 'horizontal'}>
        {props.titles.map((title, i) => (
          <button
            type="button"
            role="tab"
            key={i}
            id={`e-tab-${props.id}-${i + 1}`}
            className={`e-tab-title${i === 0 ? ' e-active' : ''}`}
            aria-selected={i === 0}
            aria-controls={`e-tab-${props.id}-${i + 1}-panel`}
            tabIndex={i === 0 ? 0 : -1}
          >
            {title}
          </button>
        ))}
      </div>
      {props.panels.map((panel, i) => (
        <div
          key={i}
          role="tabpanel"
          id={`e-tab-${props.id}-${i + 1}-panel`}
          className="e-tab-content"
          aria-labelledby={`e-tab-${props.id}-${i + 1}`}
          tabIndex={0}
          hidden={i !== 0}
        >
          {panel}
        </div>
      ))}
    </div>
  );
}

const tabsOf = (s: Record<string, unknown>): TitledItem[] => (Array.isArray(s.tabs) ? (s.tabs as TitledItem[]) : []);

const DIRECTIONS: Array<[string, string]> = [
  ['', 'Horizontal'],
  ['horizontal', 'Horizontal'],
  ['vertical', 'Vertical'],
];

export const tabs: WidgetDefinition = {
  type: 'tabs',
  behaviour: { chunk: 'tabs', nearViewport: true },
  title: 'Tabs',
  frontendSettings: [],
  controls: [
    { key: 'tabs_label', label: 'Accessible name', type: 'text' },
    titledItemsControl('Tabs'),
    { key: 'type', label: 'Direction', type: 'select', options: DIRECTIONS },
  ],
  defaults: { tabs: starterItems('Tab') },
  render: (s, ctx, node) => {
    const { titles, panels } = titledItems(tabsOf(s), ctx);
    return <TabsMarkup id={node.id} label={str(s.tabs_label, 'Tabs')} vertical={s.type === 'vertical'} titles={titles} panels={panels} />;
  },
};

export const nestedTabs: WidgetDefinition = {
  type: 'nested-tabs',
  behaviour: { chunk: 'nested-tabs', nearViewport: true },
  holdsElements: true,
  title: 'Tabs (nested)',
  frontendSettings: [],
  controls: [
    { key: 'tabs_label', label: 'Accessible name', type: 'text' },
    {
      key: 'tabs',
      label: 'Tab titles (one per child container)',
      type: 'repeater',
      fields: [{ key: 'tab_title', label: 'Title', type: 'text' }],
    },
    { key: 'tabs_direction', label: 'Direction', type: 'select', options: DIRECTIONS },
  ],
  defaults: { tabs: [{ tab_title: 'Tab #1' }, { tab_title: 'Tab #2' }] },
  render: (s, ctx, node) => {
    const list = tabsOf(s);
    const { titles, panels } = nestedItems(
      node,
      ctx,
      (i) => str(list[i]?.tab_title),
      list.length,
      (i) => `Tab #${i + 1}`,
    );
    return (
      <TabsMarkup
        id={node.id}
        label={str(s.tabs_label, 'Tabs')}
        vertical={s.tabs_direction === 'vertical'}
        titles={titles}
        panels={panels}
      />
    );
  },
};
