// @vitest-environment jsdom
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { DndContext } from '@dnd-kit/core';
import { afterEach, expect, test } from 'vitest';
import type { ElementNode } from '../widgets/types';
import { NavigatorPanel, type NavigatorPanelProps } from './StructurePanel';

// A key's document update runs after the key's frame, in one render with the canvas (after-paint.ts, docs/editor.md
// "Typing responsiveness"). The navigator must show the new tree in that same render: a deferred copy of the tree
// (useDeferredValue) rendered it again in a task and a frame of their own after it, at every key.
const heading = (title: string): ElementNode => ({ id: 'h1', elType: 'widget', widgetType: 'heading', settings: { title }, elements: [] });
const noop = () => undefined;
const commands: NavigatorPanelProps['commands'] = {
  canPaste: false,
  move: noop,
  duplicate: noop,
  copy: noop,
  paste: noop,
  pasteStyle: noop,
  remove: noop,
};

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

test("the navigator shows a document update in the update's own render", () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  unmount = () => {
    root.unmount();
    host.remove();
  };
  const view = (tree: ElementNode[]) => (
    <DndContext>
      <NavigatorPanel
        tree={tree}
        node={null}
        selected="h1"
        hidden={new Set()}
        onHidden={noop}
        onSelect={noop}
        commands={commands}
        commit={noop}
        dock="docked"
        onDock={noop}
        onClose={noop}
      />
    </DndContext>
  );
  flushSync(() => root.render(view([heading('Peaches')])));
  expect(host.textContent).toContain('Peaches');
  // The update after the key's paint runs in one flushSync (useEditorTree's `later`): the row follows in it.
  flushSync(() => root.render(view([heading('Peaches!')])));
  expect(host.textContent).toContain('Peaches!');
});
