import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIslandName, type IslandName } from '../../core/wire/islands';
import { islandPreviewKey } from '../../react-app/widgets/island/preview';
import type { ElementNode } from '../../react-app/widgets/types';
import { renderIsland, serverIslands } from './islands';

// The Interactive block in the editor (docs/editor.md): each island's first view, rendered with the props a visitor
// would get on this request, so the editor shows the block instead of an empty box. Islands whose props belong to
// their own page (a recipe, a product, a circular) have none here: the editor shows their name instead.

function islandsOf(nodes: ElementNode[], out: ElementNode[]): ElementNode[] {
  for (const n of nodes) {
    if (n.elType === 'widget' && n.widgetType === 'island') out.push(n);
    islandsOf(n.elements ?? [], out);
  }
  return out;
}

export async function loadEditorIslands(
  app: FastifyInstance,
  request: FastifyRequest,
  tree: ElementNode[],
  data: Record<string, unknown>,
): Promise<void> {
  const nodes = islandsOf(tree, []).slice(0, 20);
  await Promise.all(
    nodes.map(async (node) => {
      const name = node.settings?.island;
      if (typeof name !== 'string' || !isIslandName(name)) return;
      const preview = async <N extends IslandName>(n: N): Promise<string> => renderIsland(n, await serverIslands[n].props(app, request));
      try {
        data[islandPreviewKey(node.id)] = await preview(name);
      } catch (error) {
        request.log.debug({ err: error, island: name }, 'no editor preview for this island');
      }
    }),
  );
}
