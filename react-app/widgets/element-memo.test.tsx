// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { updateSettings } from '../editor/tree-ops';
import { ElementTree } from './element';
import type { ElementNode, RenderContext } from './types';

// A keystroke in the editor replaces only the nodes on the path to the edited element (tree-ops.ts); every other
// element must keep its rendered output without running its widget's render again (docs/editor.md, "Typing
// responsiveness"). The text editors' HTML sanitiser, which the context provides, tells which ones rendered.

const w = (id: string, widgetType: string, settings: Record<string, unknown>): ElementNode => ({
  id,
  elType: 'widget',
  widgetType,
  settings,
  elements: [],
});
const box = (id: string, elements: ElementNode[]): ElementNode => ({ id, elType: 'container', settings: {}, elements });

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

test('an edit of a heading inside a container renders neither its siblings nor other containers again', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const sanitized: string[] = [];
  const ctx: RenderContext = {
    sanitizeHtml: (html) => {
      sanitized.push(html);
      return html;
    },
    isEdit: true,
    data: {},
  };
  let tree: ElementNode[] = [
    box('c1', [
      w('h1', 'heading', { title: 'Fresh' }),
      w('t1', 'text-editor', { editor: '<p>Beside it.</p>' }),
      box('c2', [w('t2', 'text-editor', { editor: '<p>Nested.</p>' })]),
    ]),
    box('c3', [w('t3', 'text-editor', { editor: '<p>Elsewhere.</p>' })]),
  ];
  const host = document.createElement('div');
  const root = createRoot(host);
  unmount = () => act(() => root.unmount());
  await act(async () => root.render(<ElementTree elements={tree} ctx={ctx} />));
  expect(sanitized).toEqual(['<p>Beside it.</p>', '<p>Nested.</p>', '<p>Elsewhere.</p>']);
  const sibling = host.querySelector('[data-id="t1"]');

  sanitized.length = 0;
  tree = updateSettings(tree, 'h1', { title: 'Fresh peaches' });
  await act(async () => root.render(<ElementTree elements={tree} ctx={ctx} />));
  expect(host.querySelector('[data-id="h1"]')?.textContent).toBe('Fresh peaches');
  expect(sanitized).toEqual([]); // no sibling, nested or other element rendered again
  expect(host.querySelector('[data-id="t1"]')).toBe(sibling);

  tree = updateSettings(tree, 't2', { editor: '<p>Nested, edited.</p>' });
  await act(async () => root.render(<ElementTree elements={tree} ctx={ctx} />));
  expect(sanitized).toEqual(['<p>Nested, edited.</p>']); // the edited text alone
});
