import { gridDataKey, type ProductGridData } from '../../../core/wire/grocery-widgets';
import { choices, str, type WidgetDefinition } from '../types';
import { ProductCards } from '../add-to-cart/add-button';

export const GRID_SOURCES = ['sale', 'ad', 'department', 'picked'] as const;

/**
 * Products of the visitor's store (or the default store) with that store's prices and an Add to cart button each:
 * on sale, in the running weekly ad, of a department, or picked by hand. The server loads them before the render
 * (server/render/widget-data.ts), so the first view is complete.
 */
export const productGrid: WidgetDefinition = {
  type: 'product-grid',
  title: 'Product Grid',
  behaviour: { chunk: 'product-grid' },
  frontendSettings: [],
  controls: [
    { key: 'title', label: 'Title', type: 'text' },
    {
      key: 'source',
      label: 'Products',
      type: 'select',
      options: choices({ sale: 'On sale', ad: 'In the weekly ad', department: 'Of a department', picked: 'Picked by hand' }),
      default: 'sale',
    },
    { key: 'department_id', label: 'Department id', type: 'number', help: 'With “Of a department” (its sub-departments too).' },
    {
      key: 'product_ids',
      label: 'Products picked by hand',
      type: 'text',
      picker: 'products',
      help: 'With “Picked by hand”, in this order.',
    },
    { key: 'count', label: 'How many', type: 'number', min: 1, max: 24, default: 8 },
    { key: 'columns', label: 'Columns', type: 'number', min: 1, max: 6, default: 4 },
  ],
  defaults: { title: 'On sale this week', source: 'sale', count: 4, columns: 4 },
  render: (s, ctx, node) => {
    const data = ctx.data[gridDataKey(node.id)] as ProductGridData | undefined;
    const columns = Math.min(6, Math.max(1, Number(s.columns) || 4));
    const title = str(s.title);
    return (
      <section className="e-product-grid" aria-label={title || 'Products'}>
        {title ? <h2 className="e-product-grid__title">{title}</h2> : null}
        {!data ? (
          <p className="e-product-grid__empty">Products and prices of the shopper’s store show here.</p>
        ) : data.items.length === 0 ? (
          <p className="e-product-grid__empty">Nothing to show at {data.store_name} right now.</p>
        ) : (
          <>
            <p className="e-product-grid__store">Prices at {data.store_name}</p>
            <ProductCards items={data.items} style={{ ['--e-grid-columns' as string]: columns }} />
          </>
        )}
      </section>
    );
  },
};
