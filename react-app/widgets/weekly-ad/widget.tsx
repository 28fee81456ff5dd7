import { weeklyAdDataKey, type WeeklyAdData } from '../../../core/wire/grocery-widgets';
import { str, type WidgetDefinition } from '../types';
import { ProductCards } from '../add-to-cart/add-button';

/**
 * The first items of the weekly ad running at the visitor's store (or the default store), at that store's ad
 * prices, with Add to cart, and a link to the whole ad. No ad running: says so and links to the circulars.
 */
export const weeklyAd: WidgetDefinition = {
  type: 'weekly-ad',
  title: 'Weekly Ad',
  behaviour: { chunk: 'weekly-ad' },
  frontendSettings: [],
  controls: [
    { key: 'title', label: 'Title', type: 'text' },
    { key: 'count', label: 'How many items', type: 'number', min: 1, max: 12, default: 4 },
    { key: 'link_text', label: 'Link text', type: 'text', default: 'See the whole ad' },
  ],
  defaults: { title: 'This week’s ad', count: 4, link_text: 'See the whole ad' },
  render: (s, ctx, node) => {
    const data = ctx.data[weeklyAdDataKey(node.id)] as WeeklyAdData | undefined;
    const title = str(s.title);
    return (
      <section className="e-weekly-ad e-product-grid" aria-label={title || 'Weekly ad'}>
        {title ? <h2 className="e-weekly-ad__title">{title}</h2> : null}
        {!data ? (
          <p className="e-product-grid__empty">The weekly ad of the shopper’s store shows here.</p>
        ) : !data.ad ? (
          <p className="e-product-grid__empty">No weekly ad runs at {data.store_name} right now.</p>
        ) : (
          <>
            <p className="e-weekly-ad__dates">
              {data.ad.title} · {data.ad.dates} · prices at {data.store_name}
            </p>
            <ProductCards items={data.items} />
            <p>
              <a className="e-weekly-ad__link" href={data.ad.url}>
                {str(s.link_text) || 'See the whole ad'}
              </a>
            </p>
          </>
        )}
      </section>
    );
  },
};
