import { isIslandName, type IslandName, type IslandProps, type IslandSlots } from '../../../core/wire/islands';
import { choices, str, type WidgetDefinition } from '../types';

const renderOne = <N extends IslandName>(islands: IslandSlots, name: N, props: IslandProps[N]): string => islands.render(name, props);

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
      options: choices({
        'store-picker': 'Store picker',
        shop: 'Shop',
        'drink-calculator': 'Drink calculator',
        circular: 'Circular',
        recipe: 'Recipe',
        // The product page's own block (the product template of the theme builder, docs/editor.md).
        product: 'Product',
        'contact-form': 'Contact form',
      }),
    },
  ],
  defaults: { island: 'drink-calculator' },
  render: (s, ctx) => {
    const name = str(s.island);
    if (!/^[a-z][a-z0-9-]{0,40}$/.test(name)) return null;
    // The server passes each island's props and renderer (ctx.islands); the editor preview shows an empty island.
    const props = isIslandName(name) ? ctx.islands?.props[name] : undefined;
    const html = props && ctx.islands && isIslandName(name) ? renderOne(ctx.islands, name, props) : '';
    return <div data-island={name} data-props={JSON.stringify(props ?? {})} dangerouslySetInnerHTML={{ __html: html }} />;
  },
};
