import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIslandName, type IslandName } from '../../core/wire/islands';
import { slotKey } from '../../core/store-layer/content-slot';
import { contentPreviewKey } from '../../react-app/widgets/freshop-content/widget';
import { islandPreviewKey } from '../../react-app/widgets/island/preview';
import type { ElementNode } from '../../react-app/widgets/types';
import { renderIsland, serverIslands } from './islands';
import { contentSlotsOf, loadContentSlots } from './page-model';
import { rememberStore, visitorStore } from './visitor-store';
import { storeSeenOnPage } from './store-requirement';

// The editor's canvas shows what the published page serves first (docs/editor.md, "The canvas is the page at the
// device's width"): each Interactive block's first view, rendered by the published page's own path (renderIsland
// with the props a visitor of the edited page would get on this request), and each content slot's block as a
// signed-out visitor of the editor's store gets it (the page as the public sees it; Preview as… shows another
// audience), answered by the same loadContentSlots as a page. Islands whose props belong to
// their own route (a recipe, a product, a circular) have none here: the editor shows their name instead.

function islandsOf(nodes: ElementNode[], out: ElementNode[]): ElementNode[] {
  for (const n of nodes) {
    if (n.elType === 'widget' && n.widgetType === 'island') out.push(n);
    islandsOf(n.elements ?? [], out);
  }
  return out;
}

/** The path visitors reach a page by (the home page is `/`); what the islands' props depend on (the shop's catalogue). */
export const pagePath = (doc: { type: string; slug: string }): string =>
  doc.type !== 'page' ? '/' : doc.slug === 'home' ? '/' : `/${doc.slug}`;

/**
 * The editor's request seen as the page's visitor: signed out, as the content slots (the page as the public sees
 * it; Preview as… shows another audience), at the store the page is seen at (storeSeenOnPage), so a page needing
 * the catering store shows its shop as that store's visitors get it. Nothing of the editor's session changes.
 */
async function asPageVisitor(app: FastifyInstance, request: FastifyRequest, page: Record<string, unknown>): Promise<FastifyRequest> {
  const store = await storeSeenOnPage(app, request, page).catch(() => null);
  const view = Object.create(request) as FastifyRequest;
  view.visitor = { ...request.visitor, user: null, storeId: store?.id ?? request.visitor.storeId };
  if (store) rememberStore(view, store);
  return view;
}

export async function loadEditorIslands(
  app: FastifyInstance,
  editorRequest: FastifyRequest,
  tree: ElementNode[],
  data: Record<string, unknown>,
  path = '/',
  page: Record<string, unknown> = {},
): Promise<void> {
  const request = await asPageVisitor(app, editorRequest, page);
  const nodes = islandsOf(tree, []).slice(0, 20);
  const islands = Promise.all(
    nodes.map(async (node) => {
      const name = node.settings?.island;
      if (typeof name !== 'string' || !isIslandName(name)) return;
      const preview = async <N extends IslandName>(n: N): Promise<string> =>
        renderIsland(n, await serverIslands[n].props(app, request, path));
      try {
        data[islandPreviewKey(node.id)] = await preview(name);
      } catch (error) {
        request.log.debug({ err: error, island: name }, 'no editor preview for this island');
      }
    }),
  );
  // The site banner is the page's chrome, not the canvas's: only the tree's own slots.
  const slots = contentSlotsOf(tree, []);
  const content = slots.length
    ? visitorStore(app, request)
        .catch(() => null)
        .then((store) => loadContentSlots(app, request, store, slots, undefined, undefined, null))
        .then((filled) => {
          for (const slot of slots) {
            const html = filled.get(slotKey(slot));
            if (html !== undefined) data[contentPreviewKey(slotKey(slot))] = html;
          }
        })
    : null;
  await Promise.all([islands, content]);
}
