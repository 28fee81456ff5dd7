// @vitest-environment jsdom
import { useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ElementNode } from '../widgets/types';
import { updateSettings } from './tree-ops';
import { keyActions, useEditorKeys, useEditorTree } from './useEditorTree';
import type { ElementCommands } from './useElementCommands';

// Words kept in place on the canvas are committed from the canvas's window (its own keydown), an update React
// schedules for later; a Ctrl+Z can be handled before that render, with the key handler of the last render. Here
// the ordering is made on purpose: the commit is left pending, the Ctrl+Z dispatched, then React renders.

const heading = (title: string): ElementNode[] => [
  {
    id: 'c00001',
    elType: 'container',
    settings: {},
    elements: [{ id: 'ip0001', elType: 'widget', widgetType: 'heading', settings: { title }, elements: [] }],
  },
];
const titleOf = (tree: ElementNode[]) => tree[0].elements[0].settings.title;

const NO_COMMANDS: ElementCommands = {
  canPaste: false,
  move: () => {},
  duplicate: () => {},
  copy: () => {},
  paste: () => {},
  pasteStyle: () => {},
  remove: () => {},
};

type Edit = ReturnType<typeof useEditorTree>;
let edit: Edit;

/** The editor's tree and its shortcuts; hands each rendered state to the test, as the key handler gets it. */
function Harness({ onEdit }: { onEdit: (e: Edit) => void }) {
  const e = useEditorTree({ tree: heading('Fresh this week') });
  useLayoutEffect(() => onEdit(e));
  const actions = { step: e.step, selected: null, commands: NO_COMMANDS, openMenu: () => {}, editInPlace: () => false };
  useEditorKeys(keyActions({ ...actions, openShortcuts: () => {}, openFinder: () => {} }), e.dirty, null);
  return <h2>{String(titleOf(e.tree))}</h2>;
}

const ctrlZ = (target: EventTarget = window) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));

let host: HTMLDivElement;
let root: Root;
let actEnvironment: unknown;
beforeAll(() => {
  // Updates outside act() are what this test is about: React schedules them as in the browser.
  actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});
beforeEach(async () => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(
    <Harness
      onEdit={(e) => {
        edit = e;
      }}
    />,
  );
  await expect.poll(() => host.textContent).toBe('Fresh this week');
  await new Promise((done) => setTimeout(done, 0)); // the key listener is added by a passive effect
});
afterEach(() => {
  root.unmount();
  host.remove();
});

describe('undo after words kept in place on the canvas', () => {
  it('a Ctrl+Z handled before the kept words have rendered undoes them, and redo brings them back', async () => {
    edit.commit((present) => updateSettings(present, 'ip0001', { title: 'Weekend picks' }));
    expect(host.textContent).toBe('Fresh this week'); // not rendered yet: the ordering of the defect
    expect(ctrlZ()).toBe(false); // handled by the editor (its default prevented)
    await expect.poll(() => edit.history.future.length).toBe(1);
    expect(host.textContent).toBe('Fresh this week');
    expect(titleOf(edit.history.future[0])).toBe('Weekend picks'); // in the history, not lost
    expect(edit.history.past).toHaveLength(0);
    edit.step('redo');
    await expect.poll(() => host.textContent).toBe('Weekend picks');
  });

  it('words kept while an earlier change has not rendered build on that change', async () => {
    edit.commit((present) => updateSettings(present, 'ip0001', { title: 'One' }));
    edit.commit((present) => updateSettings(present, 'ip0001', { _title: 'Named' }));
    await expect.poll(() => host.textContent).toBe('One');
    expect(edit.tree[0].elements[0].settings).toMatchObject({ title: 'One', _title: 'Named' });
    expect(edit.history.past).toHaveLength(2);
  });

  it('a Ctrl+Z typed while the words are still being edited is the field’s own (plain-text or rich)', async () => {
    edit.commit(heading('Kept'));
    await expect.poll(() => host.textContent).toBe('Kept');
    for (const mode of ['plaintext-only', 'true']) {
      const field = document.createElement('h2');
      field.setAttribute('contenteditable', mode);
      document.body.append(field);
      expect(ctrlZ(field)).toBe(true); // not prevented: the browser undoes the typing in the field
      field.remove();
    }
    await new Promise((done) => setTimeout(done, 0));
    expect(host.textContent).toBe('Kept');
    expect(edit.history.past).toHaveLength(1);
  });
});
