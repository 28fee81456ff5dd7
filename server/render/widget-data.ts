import type { FastifyInstance, FastifyRequest } from 'fastify';
import { linkableSearch } from '../../core/loop-filter/query-codec';
import { loopGridKey, taxonomyFilterKey } from '../../react-app/widgets/loop/types';
import type { ElementNode } from '../../react-app/widgets/types';
import { loadLoopGridFromAddress, loadTaxonomyFilter } from '../services/loop/loop-grid';
import { GLOBAL_WIDGET_TYPE, globalIdOf, globalWidgetDataKey } from '../../core/documents/global-widgets';
import { loadGlobalElements } from '../services/global-widgets';

// Database content for widgets that show it (loop grids, filters, …), loaded before the synchronous render
// and handed to the widgets through RenderContext.data. One loader per widget type; add yours here.
type WidgetDataLoader = (
  app: FastifyInstance,
  request: FastifyRequest,
  node: ElementNode,
  tree: ElementNode[],
  address: { path: string; search: string },
) => Promise<[string, unknown] | undefined>;

export const widgetDataLoaders: Record<string, WidgetDataLoader> = {
  'loop-grid': async (app, _request, node, _tree, { path, search }) => [
    loopGridKey(node.id),
    await loadLoopGridFromAddress(app.db.kysely, node, path, search),
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
};

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
  const results = await Promise.all(walk(tree, []).map((node) => widgetDataLoaders[node.widgetType!](app, request, node, tree, address)));
  for (const r of results) if (r && r[1] !== undefined) data[r[0]] = r[1];
}
