// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type * as Tasks from '../hooks/use-tasks';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import type { ElementNode } from '../widgets/types';
import type { AddingPanel as AddingPanelType } from './EditorColumns';
import type { useFinder as useFinderType } from './useFinder';
import { newElement, updateSettings } from './tree-ops';

// A key typed in a control gives the editor a new tree and a new selected node at each canvas update. The column
// of widgets, templates and global widgets and the (closed) finder show nothing of the edited element's settings:
// they must not render again (on /showcase/500-elements they did at every key, 17 inputs written again each time,
// docs/performance.md "Editor typing"). The templates' and global widgets' panels call useTasks once a render;
// React writes an input's `type` again whenever it renders, which a MutationObserver sees.
const taskHooks = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../hooks/use-tasks', async (importOriginal) => {
  const real = await importOriginal<typeof Tasks>();
  return {
    ...real,
    useTasks: (...args: Parameters<typeof real.useTasks>) => {
      taskHooks.calls++;
      return real.useTasks(...args);
    },
  };
});

let AddingPanel: typeof AddingPanelType;
let useFinder: typeof useFinderType;
beforeAll(async () => {
  vi.resetModules();
  ({ AddingPanel } = await import('./EditorColumns'));
  ({ useFinder } = await import('./useFinder'));
}, 60_000);

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  vi.unstubAllGlobals();
});

const heading = (id: string, title: string): ElementNode => newElement('heading', { title }, [], () => id);

test('a key typed in a control renders neither the widgets, templates and global widgets column nor the finder again', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // The panels' lists load from the API: left pending, they stay as they first render.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  const noop = () => undefined;
  function Column({ tree }: { tree: ElementNode[] }) {
    const node = tree[0].elements[0];
    const { finder } = useFinder({
      node,
      documentType: 'page',
      onPanel: noop,
      onDrawer: noop,
      onDevice: noop,
      onNavigator: noop,
      onShortcuts: noop,
      onAdd: noop,
    });
    // New handlers at every render, as the editor's own are.
    return (
      <>
        <AddingPanel tree={tree} node={node} widgetData={data} onAdd={() => undefined} structural={() => undefined} />
        {finder}
      </>
    );
  }
  const data = {};
  let tree: ElementNode[] = [{ id: 'c1', elType: 'container', settings: {}, elements: [heading('h1', 'Fresh')] }];
  const host = document.createElement('div');
  const root = createRoot(host);
  unmount = () => act(() => root.unmount());
  await act(async () => root.render(<Column tree={tree} />));
  expect(host.querySelector('#editor-widget-search')).not.toBeNull();
  expect(host.querySelector('#template-name')).not.toBeNull();
  expect(host.querySelector('#global-widget-name')).not.toBeNull();
  expect(taskHooks.calls).toBeGreaterThan(0);

  const written: string[] = [];
  const observer = new MutationObserver((records) =>
    written.push(...records.map((r) => `${r.type} ${(r.target as Element).id || r.target.nodeName}`)),
  );
  observer.observe(host, { subtree: true, attributes: true, childList: true, characterData: true });
  taskHooks.calls = 0;
  for (const title of ['Fresh p', 'Fresh pe', 'Fresh pea']) {
    tree = updateSettings(tree, 'h1', { title });
    await act(async () => root.render(<Column tree={tree} />));
  }
  await Promise.resolve();
  written.push(...observer.takeRecords().map((r) => `${r.type} ${(r.target as Element).id || r.target.nodeName}`));
  observer.disconnect();
  expect(written).toEqual([]);
  expect(taskHooks.calls).toBe(0);
});
