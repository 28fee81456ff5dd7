import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { directionsUrl, formatAddress } from '../../core/store-layer/directions';
import { DAYS, formatDayHours } from '../../core/store-layer/hours';
import { OPEN_STATUS_LABEL, openStatusOf, type OpenStatus } from '../../core/store-layer/open-status';
import { renderPage } from '../render/page';
import { siteOrigin } from '../render/seo-head';
import { groceryStoreLd } from '../services/seo/structured-data';
import { readSeo } from '../../core/wire/seo';
import { getStoreBySlug, type Store } from '../services/stores';
import { isPlainPart, themeTemplate } from '../render/theme';

// Store landing pages at /stores/{slug}: 'My Store' or 'Make This My Store', hours with an open-now badge,
// phone, directions, and schema.org GroceryStore JSON-LD with its special (holiday) hours.

function StorePage({ store, isMine, status }: { store: Store; isMine: boolean; status: OpenStatus }) {
  const tel = store.phone.replace(/[^\d+]/g, '');
  return (
    <article className="wrap store-page" data-store-page="" data-store-id={store.id}>
      <p className="breadcrumbs">
        <a href="/my-store/store-locator">Stores</a> › {store.state}
      </p>
      <h1>{store.name}</h1>
      <p className="store-page__status">
        <span className={`badge ${status === 'open' ? 'badge--open' : 'badge--closed'}`} data-open-now={status === 'open' ? 'yes' : 'no'}>
          {OPEN_STATUS_LABEL[status]}
        </span>{' '}
        {isMine ? (
          <strong className="badge badge--mine" data-my-store="">
            My Store
          </strong>
        ) : null}
      </p>
      <div className="store-page__grid">
        <section aria-labelledby="store-visit">
          <h2 id="store-visit">Visit</h2>
          <address>
            {store.address_1}
            {store.address_2 ? <>, {store.address_2}</> : null}
            <br />
            {store.city}, {store.state} {store.postal_code}
          </address>
          <p>
            Phone: <a href={`tel:${tel}`}>{store.phone}</a>
          </p>
          <p>
            <a className="store-page__directions" href={directionsUrl(store)} target="_blank" rel="noopener noreferrer">
              Get directions<span className="visually-hidden"> to {formatAddress(store)} (opens in a new tab)</span>
            </a>
          </p>
          <p className="store-page__actions">
            {isMine ? (
              <a className="button" href="/store/store-locator">
                Select Another Store
              </a>
            ) : store.is_selectable ? (
              <button type="button" className="button" data-make-my-store={store.id}>
                Make This My Store
              </button>
            ) : (
              <span className="badge">Opening soon</span>
            )}
          </p>
        </section>
        <section aria-labelledby="store-hours">
          <h2 id="store-hours">Hours</h2>
          <table className="store-hours">
            <tbody>
              {DAYS.map(([key, name]) => (
                <tr key={key}>
                  <th scope="row">{name}</th>
                  <td>{formatDayHours(store.hours[key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </article>
  );
}

export async function storePageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/stores/:slug', { config: { pageCache: true } }, async (request, reply) => {
    const parsed = z
      .object({
        slug: z
          .string()
          .max(120)
          .regex(/^[a-z0-9-]+$/),
      })
      .safeParse(request.params);
    const store = parsed.success ? await getStoreBySlug(app.db.kysely, parsed.data.slug) : null;
    if (!store) return reply.callNotFound();
    // The configured public origin, never the request's Host header (a cache could keep a forged one).
    const origin = siteOrigin(app);
    const extra = await app.db.kysely
      .selectFrom('stores')
      .leftJoin('store_hours_exceptions as x', (j) =>
        j.onRef('x.store_id', '=', 'stores.id').on('x.day', '>=', new Date().toISOString().slice(0, 10)),
      )
      .select(['stores.seo', 'x.day', 'x.open', 'x.close'])
      .where('stores.id', '=', store.id)
      .orderBy('x.day')
      .execute();
    const exceptions = extra.filter((x): x is typeof x & { day: string } => x.day !== null).slice(0, 60);
    // A store template (docs/editor.md, "Theme builder") places the store's details ("Page content") among its own.
    const themePlace = { kind: 'store' as const, slug: store.slug };
    const template = await themeTemplate(app, request, 'single', themePlace);
    const html = await renderPage(app, request, {
      title: store.name,
      tree: template && !isPlainPart(template.tree, 'theme-content') ? template.tree : undefined,
      themePlace,
      content: <StorePage store={store} isMine={request.visitor.storeId === store.id} status={openStatusOf(store, new Date())} />,
      bodyClass: 'page store-landing',
      seo: {
        fields: readSeo(extra[0]?.seo),
        description: `${store.name}: ${formatAddress(store)}. Phone ${store.phone}. Store hours, directions and weekly deals.`,
        path: `/stores/${store.slug}`,
        jsonLd: [groceryStoreLd(store, origin, exceptions)],
        breadcrumbs: [
          { name: 'Home', path: '/' },
          { name: 'Stores', path: '/store/store-locator' },
          { name: store.name, path: `/stores/${store.slug}` },
        ],
      },
    });
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
