// @vitest-environment jsdom
import { Profiler, useLayoutEffect, useMemo, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { widgets } from '../widgets';
import { ElementTree } from '../widgets/element';
import type { ElementNode, RenderContext } from '../widgets/types';
import { useEvent } from '../hooks/use-event';
import { SettingsPanel } from './SettingsPanel';
import { findNode } from './tree-ops';
import { useControlChange } from './useControlChange';
import { useEditorTree } from './useEditorTree';

// A key typed in a control (docs/editor.md, "Typing responsiveness"): the field's echo is the key's only urgent
// work; the document, its history and the canvas take the value after the next paint, every key of it, in order.
// The harness wires the tree, the control change and the settings panel as the editor does (EditorApp.tsx), with
// the canvas's elements rendered from the tree under a profiler that counts the canvas's renders.

const heading = (id: string, title: string): ElementNode => ({
  id,
  elType: 'widget',
  widgetType: 'heading',
  settings: { title },
  elements: [],
});
const START: ElementNode[] = [
  { id: 'c00001', elType: 'container', settings: {}, elements: [heading('h00001', 'Peaches'), heading('h00002', 'Plums')] },
];

type Edit = ReturnType<typeof useEditorTree>;
let edit: Edit;
let select: (id: string) => void;
let canvasRenders = 0;

function Harness() {
  const e = useEditorTree({ tree: START });
  const [selected, setSelected] = useState('h00001');
  const node = findNode(e.tree, selected);
  const onChange = useEvent(
    useControlChange(node, { canvas: null, treeRef: e.treeRef, commit: e.commit, remount: e.remount, later: e.later }),
  );
  const ctx = useMemo<RenderContext>(() => ({ sanitizeHtml: (html) => html, isEdit: true, data: {} }), []);
  useLayoutEffect(() => {
    edit = e;
    select = setSelected;
  }, [e]);
  return (
    <>
      <SettingsPanel
        key={node?.id}
        node={node}
        definition={widgets.heading ?? null}
        uploadUrl="/uploads"
        device="desktop"
        onChange={onChange}
      />
      <Profiler id="canvas" onRender={() => canvasRenders++}>
        <div className="canvas">
          <ElementTree elements={e.tree} ctx={ctx} />
        </div>
      </Profiler>
    </>
  );
}

let host: HTMLDivElement;
let root: Root;
beforeEach(async () => {
  // No act(): the updates after the paint come from a timer, as in the browser.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(<Harness />);
  await soon(() => expect(field()).toBeTruthy());
  canvasRenders = 0;
});
afterEach(() => {
  root.unmount();
  host.remove();
});

/** Polls until `check` passes: the update after the paint comes from a timer (a loaded machine may be slow to run it). */
const soon = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 10 });
const field = () => host.querySelector<HTMLInputElement>('input[id$="-title"]');
const onCanvas = (id: string) => host.querySelector(`.canvas [data-id="${id}"] .elementor-heading-title`)?.textContent;
const microtasks = () => new Promise<void>((done) => setTimeout(done, 0)); // React's own work for the key, no paint yet

/** One key as the browser types it into the focused field: the value changes, then `input`. */
function type(key: string) {
  const input = field();
  if (!input) throw new Error('no Title field');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, input.value + key);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('typing into a control', () => {
  it("shows the key in the field at once and leaves the canvas's element for after the paint", async () => {
    type('!');
    await Promise.resolve();
    await Promise.resolve();
    expect(field()?.value).toBe('Peaches!');
    expect(onCanvas('h00001')).toBe('Peaches');
    expect(canvasRenders).toBe(0); // the key's urgent update rendered nothing of the canvas
    expect(edit.tree).toBe(START);

    await soon(() => expect(onCanvas('h00001')).toBe('Peaches!'));
    expect(canvasRenders).toBe(1);
    expect(field()?.value).toBe('Peaches!');
    expect(edit.dirty).toBe(true);
  });

  it('ends with the canvas showing exactly the typed text when keys come faster than frames', async () => {
    for (const key of ' and plums, fresh!') type(key);
    expect(field()?.value).toBe('Peaches and plums, fresh!');
    await soon(() => expect(onCanvas('h00001')).toBe('Peaches and plums, fresh!'));
    expect(canvasRenders).toBe(1); // the keys before one paint: one canvas update
    expect(field()?.value).toBe('Peaches and plums, fresh!');
    // Every key is in the document and its history: one undoable step, as typing always was.
    expect(edit.history.past).toHaveLength(1);
    edit.step('undo');
    await soon(() => expect(onCanvas('h00001')).toBe('Peaches'));
    expect(field()?.value).toBe('Peaches');
  });

  it('keeps a key typed between two paints in order with the ones before it', async () => {
    type('a');
    await soon(() => expect(onCanvas('h00001')).toBe('Peachesa'));
    type('b');
    type('c');
    await microtasks();
    expect(field()?.value).toBe('Peachesabc');
    await soon(() => expect(onCanvas('h00001')).toBe('Peachesabc'));
    expect(canvasRenders).toBe(2);
  });

  it('undoes keys still waiting for their paint, and a save sees them', async () => {
    type('!');
    type('!');
    expect(findNode(edit.settled(), 'h00001')?.settings.title).toBe('Peaches!!'); // what a Ctrl+S sends
    type('?');
    edit.step('undo'); // the toolbar's Undo, pressed before the paint
    await soon(() => expect(onCanvas('h00001')).toBe('Peaches'));
    expect(field()?.value).toBe('Peaches');
    edit.step('redo');
    await soon(() => expect(onCanvas('h00001')).toBe('Peaches!!?'));
  });

  it('applies the waiting keys before a click acts (a pointer down before the paint)', async () => {
    type('!');
    window.dispatchEvent(new Event('pointerdown'));
    expect(onCanvas('h00001')).toBe('Peaches!'); // rendered before the click's own handlers run
    expect(findNode(edit.tree, 'h00001')?.settings.title).toBe('Peaches!');
  });

  it('gives a second element edited right after the first its own update', async () => {
    type('!');
    select('h00002'); // before the first key's paint
    await soon(() => expect(field()?.value).toBe('Plums'));
    type('?');
    await soon(() => expect(onCanvas('h00002')).toBe('Plums?'));
    expect(onCanvas('h00001')).toBe('Peaches!');
    expect(edit.history.past).toHaveLength(2); // two fields, two steps
  });
});
