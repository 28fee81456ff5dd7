import { storeHoursDataKey, type StoreHoursData } from '../../../core/wire/grocery-widgets';
import { str, type WidgetDefinition } from '../types';

/** The opening hours of the visitor's store (or the default store), today's line marked, with a link to the store. */
export const storeHours: WidgetDefinition = {
  type: 'store-hours',
  title: 'Store Hours',
  frontendSettings: [],
  controls: [
    { key: 'title', label: 'Title', type: 'text' },
    { key: 'show_store_link', label: 'Link to the store page', type: 'switcher', default: 'yes' },
  ],
  defaults: { title: 'Store hours', show_store_link: 'yes' },
  render: (s, ctx, node) => {
    const data = ctx.data[storeHoursDataKey(node.id)] as StoreHoursData | undefined;
    const title = str(s.title);
    return (
      <section className="e-store-hours" aria-label={title || 'Store hours'}>
        {title ? <h2 className="e-store-hours__title">{title}</h2> : null}
        {!data ? (
          <p>The hours of the shopper’s store show here.</p>
        ) : (
          <>
            <p className="e-store-hours__store">
              {s.show_store_link === 'yes' && data.store_url ? <a href={data.store_url}>{data.store_name}</a> : data.store_name}
            </p>
            <dl className="e-store-hours__days">
              {data.days.map((d) => (
                <div key={d.day} className={d.today ? 'e-store-hours__day is-today' : 'e-store-hours__day'}>
                  <dt>
                    {d.day}
                    {d.today ? ' (today)' : ''}
                  </dt>
                  <dd>{d.hours}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </section>
    );
  },
};
