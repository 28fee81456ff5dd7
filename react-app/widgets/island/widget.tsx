import { isIslandName, type IslandName, type IslandProps, type IslandSlots } from '../../../core/wire/islands';
import { choices, str, type WidgetDefinition } from '../types';
import { EditorIsland, ISLAND_BLOCKS, islandPreviewKey } from './preview';
import { ShopRouteSkeletons } from '../../shop/skeletons';
import { SHOP_ROUTE_SKELETON } from '../../../core/shop/route-mark';

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
      options: choices(ISLAND_BLOCKS),
    },
  ],
  defaults: { island: 'drink-calculator' },
  render: (s, ctx, node) => {
    const name = str(s.island);
    if (!/^[a-z][a-z0-9-]{0,40}$/.test(name)) return null;
    // The editor has no island props: the server's first view of the block (server/render/editor-islands.ts) in
    // the published page's own markup, inert, or at least its name; never a blank box.
    if (ctx.isEdit && !ctx.islands) return <EditorIsland name={name} html={ctx.data[islandPreviewKey(node.id)]} />;
    // The server passes each island's props and renderer (ctx.islands); the editor preview shows an empty island.
    const props = isIslandName(name) ? ctx.islands?.props[name] : undefined;
    const html = props && ctx.islands && isIslandName(name) ? renderOne(ctx.islands, name, props) : '';
    const island = <div data-island={name} data-props={JSON.stringify(props ?? {})} dangerouslySetInnerHTML={{ __html: html }} />;
    // A deep link's skeletons, outside the island (React hydrates only what the island rendered).
    return name === 'shop' && html ? (
      <>
        {island}
        <ShopRouteSkeletons className={SHOP_ROUTE_SKELETON} />
      </>
    ) : (
      island
    );
  },
};
