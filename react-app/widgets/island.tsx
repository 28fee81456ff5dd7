import { str, type WidgetDefinition } from './types';

// Places a React island in a page. The server renders the island's markup and its props; the islands
// bundle hydrates it. Pages without this widget load no React at all.

export const island: WidgetDefinition = {
  type: 'island',
  title: 'Interactive block',
  frontendSettings: [],
  controls: [
    {
      key: 'island',
      label: 'Block',
      type: 'select',
      options: [
        ['store-picker', 'Store picker'],
        ['shop', 'Shop'],
        ['drink-calculator', 'Drink calculator'],
        ['circular', 'Circular'],
        ['recipe', 'Recipe'],
        ['contact-form', 'Contact form'],
      ],
    },
  ],
  defaults: { island: 'drink-calculator' },
  render: (s, ctx) => {
    const name = str(s.island);
    if (!/^[a-z][a-z0-9-]{0,40}$/.test(name)) return null;
    const props = (ctx.data[`island:${name}`] ?? {}) as Record<string, unknown>;
    const html = ctx.data.renderIsland ? (ctx.data.renderIsland as (n: string, p: unknown) => string)(name, props) : '';
    return <div data-island={name} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
  },
};
