import type { FastifyInstance, FastifyRequest } from 'fastify';
import { linkableSearch } from '../../core/loop-filter/query-codec';
import { loopGridKey, taxonomyFilterKey, type LoopGridData } from '../../react-app/widgets/loop/types';
import type { ElementNode } from '../../react-app/widgets/types';
import { loadLoopGridFromAddress, loadTaxonomyFilter } from '../services/loop/loop-grid';
import { GLOBAL_WIDGET_TYPE, globalIdOf, globalWidgetDataKey } from '../../core/documents/global-widgets';
import { loadGlobalElements } from '../services/global-widgets';
import { formDataKey } from '../../core/forms/form-data';
import { formToken } from '../services/forms/form-token';
import { addToCartDataKey, couponDataKey, gridDataKey, storeHoursDataKey, weeklyAdDataKey } from '../../core/wire/grocery-widgets';
import { addToCartData, couponData, productGridData, storeHoursData, weeklyAdData } from '../services/grocery-widgets';
import { shopStore } from '../services/shop-store';
import { visitorStore } from './visitor-store';
import { withTemplateTags } from './dynamic-tags';
import { widgets } from '../../react-app/widgets';
import { withDefaults } from '../../react-app/widgets/controls/schema';

// Database content for widgets that show it (loop grids, filters, …), loaded before the synchronous render
// and handed to the widgets through RenderContext.data. One loader per widget type; add yours here.
type WidgetDataLoader = (
  app: FastifyInstance,
  request: FastifyRequest,
  node: ElementNode,
  tree: ElementNode[],
  address: { path: string; search: string },
) => Promise<[string, unknown] | undefined>;

/** The visitor's grocery store (the default store for a visitor without one), read once per request. */
const storeOf = async (app: FastifyInstance, request: FastifyRequest) =>
  shopStore(app.db.kysely, request.visitor.storeId, 'grocery', await visitorStore(app, request).catch(() => null));
/** A widget's settings as it renders them (defaults merged once, as in react-app/widgets/element.tsx). */
const settingsOf = (node: ElementNode) => withDefaults(widgets[node.widgetType ?? ''] ?? null, node.settings ?? {});

export const widgetDataLoaders: Record<string, WidgetDataLoader> = {
  // The item template's dynamic tags are resolved here, as the page's own are (server/render/dynamic-tags.ts).
  'loop-grid': async (app, request, node, _tree, { path, search }) => [
    loopGridKey(node.id),
    await withTemplateTags(app, request, await loadLoopGridFromAddress(app.db.kysely, node, path, search)),
  ],
  'taxonomy-filter': async (app, _request, node, tree, { path, search }) => [
    taxonomyFilterKey(node.id),
    await loadTaxonomyFilter(app.db.kysely, node, tree, path, search),
  ],
  // The editor's preview (published pages arrive with their global widgets expanded: server/render/page.tsx).
  [GLOBAL_WIDGET_TYPE]: async (app, _request, node) => {
    const gid = globalIdOf(node);
    return gid === null ? undefined : [globalWidgetDataKey(gid), (await loadGlobalElements(app.db.kysely, [gid])).get(gid)];
  },
  // The signed moment the form was drawn (the time trap of docs/widgets.md, "Form").
  form: async (app, _request, node) => [formDataKey(node.id), { token: formToken(app.nonceSecret, Date.now()) }],
  // The grocery widgets: the visitor's store, its prices and hours (docs/widgets.md, "Grocery widgets").
  'product-grid': async (app, request, node) => [
    gridDataKey(node.id),
    await productGridData(app.db.kysely, await storeOf(app, request), settingsOf(node)),
  ],
  'add-to-cart': async (app, request, node) => [
    addToCartDataKey(node.id),
    await addToCartData(app.db.kysely, await storeOf(app, request), settingsOf(node)),
  ],
  'store-hours': async (app, request, node) => [storeHoursDataKey(node.id), storeHoursData(await storeOf(app, request))],
  'weekly-ad': async (app, request, node) => [
    weeklyAdDataKey(node.id),
    await weeklyAdData(app.db.kysely, await storeOf(app, request), settingsOf(node)),
  ],
  coupon: async (app, _request, node) => [couponDataKey(node.id), await couponData(app.db.kysely, settingsOf(node))],
};

/**
 * Trees a widget's data renders by itself (a loop grid's item template, every item keeping the template's element
 * ids): their widgets load data as the page's own do, so a Form in a loop item carries its time trap.
 */
const innerTrees: Record<string, (value: unknown) => ElementNode[]> = {
  'loop-grid': (value) => (value as LoopGridData).template ?? [],
};
/** A loop item holding a loop grid holding …: a few levels, never an endless chain of templates. */
const MAX_INNER_DEPTH = 3;

function walk(nodes: ElementNode[], out: ElementNode[]): ElementNode[] {
  for (const n of nodes) {
    if (n.elType === 'widget' && n.widgetType && widgetDataLoaders[n.widgetType]) out.push(n);
    walk(n.elements ?? [], out);
  }
  return out;
}

/** Fills `data` for every widget of the tree that has a loader; the request's query string is the address. */
export async function loadWidgetData(
  app: FastifyInstance,
  request: FastifyRequest,
  tree: ElementNode[],
  data: Record<string, unknown>,
): Promise<void> {
  const q = request.url.indexOf('?');
  // Only what links may carry (loop filters, pages, s): unknown parameters are not copied into every link.
  const address = { path: q < 0 ? request.url : request.url.slice(0, q), search: q < 0 ? '' : linkableSearch(request.url.slice(q)) };
  let nodes = walk(tree, []);
  const seen = new Set(nodes.map((n) => n.id));
  for (let depth = 0; nodes.length && depth <= MAX_INNER_DEPTH; depth++) {
    // A loader that fails leaves its widget without data (it shows its placeholder); the page still renders.
    const results = await Promise.all(
      nodes.map((node) =>
        widgetDataLoaders[node.widgetType!](app, request, node, tree, address).catch((error: unknown) => {
          request.log.error(error, `data of the ${node.widgetType} widget ${node.id} failed to load`);
          return undefined;
        }),
      ),
    );
    const inner: ElementNode[] = [];
    results.forEach((r, i) => {
      if (!r || r[1] === undefined) return;
      data[r[0]] = r[1];
      const trees = innerTrees[nodes[i].widgetType!];
      if (trees) walk(trees(r[1]), inner);
    });
    // One load per element id: the same template shown by two grids loads once.
    nodes = inner.filter((node) => !seen.has(node.id) && seen.add(node.id));
  }
}
