import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import Circular from '../../react-app/islands/circular';
import DrinkCalculator from '../../react-app/islands/drink-calculator';
import Recipe from '../../react-app/islands/recipe';
import Shop from '../../react-app/islands/shop';
import ContactForm from '../../react-app/islands/contact-form';
import StorePicker from '../../react-app/islands/store-picker';
import SearchProducts from '../../react-app/islands/search-products';
import ProductPage from '../../react-app/islands/product';
import { requestIslandProps } from '../services/shopper-content';
import { listStores } from '../services/stores';
import { visitorStore } from './visitor-store';
import { requestNavigation } from './chrome';
import { listProducts } from '../services/products';
import { shopStore } from '../services/shop-store';
import { catalogOfPath } from '../../core/shop/catalog';
import { PER_PAGE } from '../../react-app/shop/product-list';
import { toContactStore, toStoreInfo, toStoreSummary } from '../../core/wire/store';
import type { IslandName, IslandProps, IslandSlots } from '../../core/wire/islands';
import { isLoyaltyMember } from '../services/prices';

// Server side of the islands: the component (the client loads the same module lazily through
// react-app/islands/registry.ts) and the props it is rendered and hydrated with for this request.
interface ServerIsland<N extends IslandName> {
  component: ComponentType<IslandProps[N]>;
  /** `path`: the page the island is on (the request's, or the edited page's in the editor's canvas). */
  props: (app: FastifyInstance, request: FastifyRequest, path: string) => Promise<IslandProps[N]>;
  /** Its props hold the signed-in visitor's own data: the page is never shared through the page cache. */
  personal?: boolean;
  /** Images its first view shows first (the page's likely LCP): preloaded from the head. */
  images?: (props: IslandProps[N]) => string[];
}

export const serverIslands: { [N in IslandName]: ServerIsland<N> } = {
  'store-picker': {
    component: StorePicker,
    props: async (app, request) => ({
      stores: (await listStores(app.db.kysely)).map(toStoreSummary),
      currentStoreId: request.visitor.storeId,
    }),
  },
  shop: {
    component: Shop,
    personal: true,
    props: async (app, request, path) => {
      const u = request.visitor.user;
      const storeId = request.visitor.storeId;
      const db = app.db.kysely;
      const catalog = catalogOfPath(path);
      // What the first view shows for the visitor's store, so nothing in it moves when the island hydrates and
      // it calls nothing: the store, its departments and the default view's first page of products, the answer
      // GET /api/shop/v1/products gives for that view (is_favorite included: the shop's page is never cached).
      const known = await visitorStore(app, request).catch(() => null);
      const [store, navigation, products] = storeId
        ? await Promise.all([
            known,
            requestNavigation(app, request, storeId, known),
            shopStore(db, storeId, catalog, known).then(
              (at) =>
                listProducts(db, {
                  storeId: at.id,
                  timeZone: at.time_zone,
                  catalog,
                  sort: 'name',
                  page: 1,
                  perPage: PER_PAGE,
                  userId: u?.id ?? null,
                  member: isLoyaltyMember(u),
                }),
              () => null, // no store of this page's catalogue: the island says so, as it did before
            ),
          ])
        : [null, null, null];
      return {
        currentStoreId: storeId,
        user: u ? { id: u.id, email: u.email, name: u.name } : null,
        store: store ? toStoreInfo(store) : null,
        navigation: store && navigation ? { shop: navigation.shop } : null,
        products: store ? products : null,
        stores: storeId ? null : (await listStores(db)).map(toStoreSummary),
      };
    },
    images: (props) => (props.products?.items[0] ? [props.products.items[0].image] : []),
  },
  'drink-calculator': { component: DrinkCalculator, props: async () => ({}) },
  circular: { component: Circular, props: async (_app, request) => requestIslandProps(request, 'circular') },
  recipe: { component: Recipe, props: async (_app, request) => requestIslandProps(request, 'recipe') },
  'search-products': { component: SearchProducts, props: async (_app, request) => requestIslandProps(request, 'search-products') },
  product: {
    component: ProductPage,
    props: async (_app, request) => requestIslandProps(request, 'product'),
    images: (props) => props.product.images.slice(0, 1).map((i) => i.src),
  },
  'contact-form': {
    component: ContactForm,
    props: async (app, request) => ({
      // listStores sorts by state, then name.
      stores: (await listStores(app.db.kysely)).filter((s) => s.kind === 'shopping').map(toContactStore),
      currentStoreId: request.visitor.storeId,
    }),
  },
};

export function renderIsland<N extends IslandName>(name: N, props: IslandProps[N]): string {
  const island: ServerIsland<N> = serverIslands[name];
  return renderToString(createElement(island.component, props));
}

/** The images the islands' first views show first, for the head's preloads. */
export function islandImages(slots: IslandSlots): string[] {
  const images = <N extends IslandName>(name: N): string[] => {
    const props = slots.props[name];
    return props ? (serverIslands[name].images?.(props) ?? []) : [];
  };
  return (Object.keys(slots.props) as IslandName[]).flatMap(images);
}

/** Props of every island on the page, loaded in parallel, with the renderer the island widget calls. */
export async function loadIslands(app: FastifyInstance, request: FastifyRequest, names: IslandName[]): Promise<IslandSlots> {
  const path = request.url.split('?')[0];
  const load = async <N extends IslandName>(name: N) => [name, await serverIslands[name].props(app, request, path)] as const;
  const props = Object.fromEntries(await Promise.all(names.map(load))) as IslandSlots['props'];
  return { props, render: renderIsland };
}
