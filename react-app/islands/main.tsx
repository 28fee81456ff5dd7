import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandLoaders } from './registry';

// Hydrates every [data-island] on the page with its component and the props the server rendered it with.
async function hydrateIslands(): Promise<void> {
  const nodes = document.querySelectorAll<HTMLElement>('[data-island]');
  await Promise.all(
    [...nodes].map(async (node) => {
      const load = islandLoaders[node.dataset.island ?? ''];
      if (!load) return;
      let props: Record<string, unknown> = {};
      try {
        props = JSON.parse(node.dataset.props ?? '{}') as Record<string, unknown>;
      } catch {
        console.warn(`Invalid island props for ${node.dataset.island}`);
      }
      const { default: Component } = await load();
      hydrateRoot(node, createElement(Component as never, props as never));
      node.dataset.hydrated = 'true';
    }),
  );
}

void hydrateIslands();
