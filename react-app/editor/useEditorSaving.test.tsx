// @vitest-environment jsdom
import { act, useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HeldRequest, holdFetch } from '../testing/held-fetch';
import type { EditorDocument } from '../../core/wire/editor-document';
import type { ElementNode } from '../widgets/types';
import { type SavedTree, useEditorSaving } from './useEditorSaving';

// The editor's Save draft, Publish and autosave. A gate run saw Publish clicked just as the autosave began: the
// click was dropped (one task for all three saves), the line said "Draft saved. Visitors still see the published
// version." and nothing was published.

let sent: HeldRequest[] = [];
let saving: ReturnType<typeof useEditorSaving>;
let root: Root;

const TREE: ElementNode[] = [{ id: 'a1', elType: 'widget', widgetType: 'heading', settings: { title: 'Baking season' }, elements: [] }];
const tree: SavedTree = { tree: TREE, settled: () => TREE, dirty: false, setDirty: () => undefined, replaceTree: () => undefined };
const INITIAL = { id: 31, version: 5, tree: [], has_draft: false } as unknown as EditorDocument;

function Harness() {
  const s = useEditorSaving(INITIAL, tree);
  useLayoutEffect(() => {
    saving = s;
  });
  return null;
}

/** The document's own writes (usage events the editor tracks go elsewhere). */
const saves = () => sent.filter((s) => /\/documents\/31\/(draft|publish)$/.test(s.url));
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const answer = (s: HeldRequest, version: number) => act(async () => s.answer(200, { id: 31, version, tree: TREE }));

beforeEach(() => {
  sent = holdFetch();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  root = createRoot(document.createElement('div'));
  act(() => root.render(<Harness />));
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

describe("the editor's saves", () => {
  it('Publish clicked while an autosave is on its way publishes after it, from the version it left', async () => {
    let autosave!: Promise<void>;
    let publish!: Promise<void>;
    act(() => {
      autosave = saving.save('autosave');
    });
    await settle();
    expect(saves().map((s) => s.url.split('/').pop())).toEqual(['draft']);
    // The autosave does not hold the buttons: Publish stays enabled.
    expect(saving.busy).toBe(false);

    act(() => {
      publish = saving.save('publish');
    });
    await settle();
    expect(saving.status).toBe('Publishing…');
    expect(saves()).toHaveLength(1); // one write at a time
    await answer(saves()[0], 6);
    await act(() => autosave);
    await settle();
    // The autosave's answer does not say "Draft saved" while the publish is on its way.
    expect(saving.status).toBe('Publishing…');
    expect(saves()).toHaveLength(2);
    expect(saves()[1]).toMatchObject({ method: 'POST', body: { base_version: 6 } });
    expect(saves()[1].url).toMatch(/\/publish$/);
    await answer(saves()[1], 7);
    await act(() => publish);
    expect(saving.status).toBe('Published. Visitors now see this version.');
    expect(saving.savedVersion).toBe(7);
    expect(saving.busy).toBe(false);
  });

  it('a second Publish while one runs is refused: one publish is sent', async () => {
    let first!: Promise<void>;
    act(() => {
      first = saving.save('publish');
    });
    await settle();
    expect(saving.busy).toBe(true);
    await act(() => saving.save('publish'));
    await settle();
    expect(saves()).toHaveLength(1);
    await answer(saves()[0], 6);
    await act(() => first);
    expect(saves()).toHaveLength(1);
    expect(saving.status).toBe('Published. Visitors now see this version.');
  });
});
