// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { DndContext } from '@dnd-kit/core';
import type * as Dnd from '@dnd-kit/core';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import type { ElementNode } from '../widgets/types';
import type { Navigator as NavigatorType } from './Navigator';
import { updateSettings } from './tree-ops';

// Each navigator row is a drag handle and a drop target (two dnd-kit hooks). A keystroke in a control must
// re-render only the rows on the path to the edited element, never its siblings or their children: on the
// 500-element page that was about 100 ms a key. The rows' calls of useDraggable tell which ones rendered.
const rendered = vi.hoisted(() => [] as string[]);
vi.mock('@dnd-kit/core', async (importOriginal) => {
  const dnd = await importOriginal<typeof Dnd>();
  return {
    ...dnd,
    useDraggable: (args: Parameters<typeof dnd.useDraggable>[0]) => {
      rendered.push(String(args.id));
      return dnd.useDraggable(args);
    },
  };
});

const w = (id: string, title: string): ElementNode => ({ id, elType: 'widget', widgetType: 'heading', settings: { title }, elements: [] });
const box = (id: string, elements: ElementNode[]): ElementNode => ({ id, elType: 'container', settings: {}, elements });

// The DOM tests share their modules within a worker (isolate: false): a file that ran before may have loaded the
// Navigator with the real dnd-kit. Load it afresh, so it takes the counting one above.
let Navigator: typeof NavigatorType;
beforeAll(async () => {
  vi.resetModules();
  ({ Navigator } = await import('./Navigator'));
});

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

test('typing in one element re-renders only the navigator rows on its path', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let tree = [box('c1', [w('h1', 'Fresh'), w('h2', 'Beside'), box('c2', [w('h3', 'Nested')])]), box('c3', [w('h4', 'Elsewhere')])];
  const hidden = new Set<string>();
  const onSelect = () => undefined;
  const view = () => (
    <DndContext>
      <Navigator tree={tree} selected="h1" hidden={hidden} onSelect={onSelect} />
    </DndContext>
  );
  const host = document.createElement('div');
  const root = createRoot(host);
  unmount = () => act(() => root.unmount());
  // Only this test's rows: the other test may have run first (the matrix shuffles tests within a file).
  rendered.length = 0;
  await act(async () => root.render(view()));
  expect(new Set(rendered)).toEqual(new Set(['node:c1', 'node:h1', 'node:h2', 'node:c2', 'node:h3', 'node:c3', 'node:h4']));

  rendered.length = 0;
  tree = updateSettings(tree, 'h1', { title: 'Fresh peaches' });
  await act(async () => root.render(view()));
  expect(host.querySelector('[data-node-id="h1"]')?.textContent).toBe('Heading: Fresh peaches');
  expect(new Set(rendered)).toEqual(new Set(['node:c1', 'node:h1']));
});

// A long document (the 500-element page: 100 containers of 4 widgets) shows its containers and the selected
// element's path, not 500 rows: each rendered row costs every frame of the editor while typing.
test('on a long document only the selected element’s path is open, and the toggles still open and close', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const tree = Array.from({ length: 100 }, (_, i) =>
    box(
      `c${i}`,
      [0, 1, 2, 3].map((n) => w(`w${i}-${n}`, `Title ${i}-${n}`)),
    ),
  );
  let selected = 'w0-1';
  const hidden = new Set<string>();
  const onSelect = () => undefined;
  const view = () => (
    <DndContext>
      <Navigator tree={tree} selected={selected} hidden={hidden} onSelect={onSelect} />
    </DndContext>
  );
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  unmount = () => {
    act(() => root.unmount());
    host.remove();
  };
  await act(async () => root.render(view()));
  const rows = () => [...host.querySelectorAll('[data-node-id]')].map((r) => r.getAttribute('data-node-id'));
  expect(rows()).toHaveLength(104);
  expect(rows().slice(0, 6)).toEqual(['c0', 'w0-0', 'w0-1', 'w0-2', 'w0-3', 'c1']);
  expect(host.querySelector('[data-node-id="c1"]')?.closest('li')?.getAttribute('aria-expanded')).toBe('false');

  // The selection moves on the canvas: its path opens, the previous one closes.
  selected = 'w50-2';
  await act(async () => root.render(view()));
  expect(rows()).toHaveLength(104);
  expect(rows()).toContain('w50-2');
  expect(rows()).not.toContain('w0-1');

  // A container opened by its toggle stays open; the selection's own can be closed.
  await act(async () => host.querySelector<HTMLButtonElement>('[aria-label^="Expand"]')?.click());
  expect(rows()).toHaveLength(108);
  expect(rows()).toContain('w0-1');
  await act(async () => host.querySelector<HTMLButtonElement>('[aria-label="Collapse Container"]')?.click());
  await act(async () => host.querySelector<HTMLButtonElement>('[aria-label="Collapse Container"]')?.click());
  expect(rows()).toHaveLength(100);
});
