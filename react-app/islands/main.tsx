import { createElement, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isIslandName, type IslandName, type IslandProps } from '../../core/wire/islands';
import { islandLoaders } from './registry';

/** The props the server rendered the island with (its wire type, core/wire/islands.ts). */
function readProps<N extends IslandName>(node: HTMLElement, name: N): IslandProps[N] {
  try {
    return JSON.parse(node.dataset.props ?? '{}') as IslandProps[N];
  } catch {
    console.warn(`Invalid island props for ${name}`);
    return {} as IslandProps[N];
  }
}

async function hydrate<N extends IslandName>(node: HTMLElement, name: N): Promise<void> {
  const { default: Component } = await islandLoaders[name]();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole tree (one long task on a slow phone); a click on a part not yet hydrated hydrates it first.
  startTransition(() => {
    hydrateRoot(node, createElement(Component, readProps(node, name)));
  });
  node.dataset.hydrated = 'true';
}

// Hydrates every [data-island] on the page with its component and the props the server rendered it with.
async function hydrateIslands(): Promise<void> {
  const nodes = document.querySelectorAll<HTMLElement>('[data-island]');
  await Promise.all(
    [...nodes].map(async (node) => {
      const name = node.dataset.island ?? '';
      if (!isIslandName(name)) return;
      await hydrate(node, name);
    }),
  );
}

void hydrateIslands();
