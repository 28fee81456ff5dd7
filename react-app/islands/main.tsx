import { isIslandName, type IslandName } from '../../core/wire/islands';
import { CART_CHANGE_EVENT, CART_LOAD_EVENT, cartChangeOf } from '../../core/shop/header-cart/events';
import { STORE_CHANGE_EVENT } from '../../core/store-layer/store-change-event';
import { HELD_EVENTS, ISLAND_HYDRATION, namesOtherView, REACH_EVENTS } from './hydration';
import { islandLoaders } from './registry';
import type { Held } from './hydrate';
import { clearShopRouteMark } from '../../core/shop/route-mark';

// The islands' loader: small and without React. Each [data-island] hydrates when its policy says
// (react-app/islands/hydration.ts); React, the island's component and the hydration code are imported then.

function watch<N extends IslandName>(node: HTMLElement, name: N): void {
  const held: Held[] = [];
  let started = false;
  const hold = (e: Event) => {
    if (!(e.target instanceof Element)) return;
    // A link to another page works as it is: the visitor is not kept waiting for React to follow it.
    if (e.type === 'click' && e.target.closest('a[href]:not([href^="#"])')) return start();
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push({ type: e.type as Held['type'], target: e.target, submitter: (e as SubmitEvent).submitter ?? null });
    start();
  };
  const release = () => {
    for (const type of HELD_EVENTS) node.removeEventListener(type, hold, true);
  };
  function start(): void {
    if (started) return;
    started = true;
    for (const type of REACH_EVENTS) node.removeEventListener(type, start, true);
    // The hydration module (React) and the island's own code, fetched together.
    Promise.all([import('./hydrate'), islandLoaders[name]()]).then(
      ([{ hydrate }, { default: Component }]) =>
        hydrate(node, name, Component, () => {
          release();
          return held.splice(0);
        }),
      (error: unknown) => {
        // The island stays as the server rendered it, working as it does without JavaScript from the next click.
        release();
        if (name === 'shop') clearShopRouteMark();
        console.error(`Island ${name} could not load`, error);
      },
    );
  }
  for (const type of HELD_EVENTS) node.addEventListener(type, hold, true);
  // Watched from now on: a click is held from here (before this script ran, nothing could hear it).
  node.dataset.hydrated = 'false';
  const when = ISLAND_HYDRATION[name];
  if (when === 'load' || (when === 'route' && namesOtherView(location.hash))) return start();
  for (const type of REACH_EVENTS) node.addEventListener(type, start, { capture: true, passive: true });
  if (when === 'route') {
    // Another view named later (a link to #!/cart in the header) or another store: the island follows from here.
    window.addEventListener('hashchange', () => namesOtherView(location.hash) && start());
    window.addEventListener(STORE_CHANGE_EVENT, start);
  }
  if (when === 'cart' || when === 'route') {
    const hasLines = (e: Event) => {
      if (cartChangeOf(e).cart.count > 0 || e.type === CART_CHANGE_EVENT) start();
    };
    window.addEventListener(CART_LOAD_EVENT, hasLines);
    window.addEventListener(CART_CHANGE_EVENT, hasLines);
  }
}

for (const node of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = node.dataset.island ?? '';
  if (isIslandName(name)) watch(node, name);
}
