// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import type * as Style from './controls/element-style';
import type { ElementTree as ElementTreeType } from './element';
import { updateSettings } from '../editor/tree-ops';
import type { ElementNode, RenderContext } from './types';

// Typing in a widget renders it and its ancestors again (each gets a new node: tree-ops.ts). A container's own
// settings are the same object then, and so is its scoped stylesheet: only the edited element's CSS is made again
// (docs/editor.md, "Typing responsiveness"). elementCss's calls tell whose.
const made = vi.hoisted(() => [] as string[]);
vi.mock('./controls/element-style', async (importOriginal) => {
  const real = await importOriginal<typeof Style>();
  return {
    ...real,
    elementCss: (...args: Parameters<typeof real.elementCss>) => {
      made.push(args[0]);
      return real.elementCss(...args);
    },
  };
});

let ElementTree: typeof ElementTreeType;
beforeAll(async () => {
  vi.resetModules();
  ({ ElementTree } = await import('./element'));
}, 180_000);

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

test("an edit of a heading makes its own stylesheet again, not its containers'", async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const ctx: RenderContext = { sanitizeHtml: (html) => html, isEdit: true, data: {} };
  const padded = { _padding: { top: '8', right: '8', bottom: '8', left: '8', unit: 'px' } };
  let tree: ElementNode[] = [
    {
      id: 'c1',
      elType: 'container',
      settings: padded,
      elements: [
        {
          id: 'c2',
          elType: 'container',
          settings: padded,
          elements: [{ id: 'h1', elType: 'widget', widgetType: 'heading', settings: { title: 'Fresh' }, elements: [] }],
        },
      ],
    },
  ];
  const host = document.createElement('div');
  const root = createRoot(host);
  unmount = () => act(() => root.unmount());
  await act(async () => root.render(<ElementTree elements={tree} ctx={ctx} />));
  expect(made).toEqual(['c1', 'c2', 'h1']);
  const sheet = host.querySelector('[data-id="c1"] > style')?.textContent;
  expect(sheet).toContain('.elementor-element-c1');

  made.length = 0;
  tree = updateSettings(tree, 'h1', { title: 'Fresh peaches' });
  await act(async () => root.render(<ElementTree elements={tree} ctx={ctx} />));
  expect(host.querySelector('[data-id="h1"]')?.textContent).toBe('Fresh peaches');
  expect(made).toEqual(['h1']);
  expect(host.querySelector('[data-id="c1"] > style')?.textContent).toBe(sheet);

  // A container's own style edited: its stylesheet is made again, with the new value.
  tree = updateSettings(tree, 'c1', { _padding: { top: '20', right: '8', bottom: '8', left: '8', unit: 'px' } });
  await act(async () => root.render(<ElementTree elements={tree} ctx={ctx} />));
  expect(made).toEqual(['h1', 'c1']);
  expect(host.querySelector('[data-id="c1"] > style')?.textContent).toContain('20px');
});
