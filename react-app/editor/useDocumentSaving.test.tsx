// @vitest-environment jsdom
import { act, useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HeldRequest, holdFetch } from '../testing/held-fetch';
import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { type DocumentSaving, useDocumentSaving } from './useDocumentSaving';

// Every write of a document (tree saves, settings, restore, schedule, approval) starts from the version the last one
// left. CI saw the editor's own autosave and a settings save sent together: both from one version, the second
// refused with 409 and shown as "Eddie Editor saved this document after you started editing", then Publish refused
// too. The writes now go one after another.

let sent: HeldRequest[] = [];
let saving: DocumentSaving;
let root: Root;

function Harness() {
  const s = useDocumentSaving(31, 5);
  useLayoutEffect(() => {
    saving = s;
  });
  return null;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

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

const settingsWrite = () =>
  saving.write(
    (base) =>
      api(editorApi.updateDocument, { params: { id: 31 }, body: { title: 'Deals', slug: 'deals', settings: {}, base_version: base } }),
    (answer) => answer.version,
  );

describe("the document's writes", () => {
  it('a settings save made while an autosave is on its way waits for it and starts from the version it left', async () => {
    const autosave = saving.send([], 'autosave');
    const settings = settingsWrite();
    await settle();
    expect(sent.map((s) => s.body.base_version)).toEqual([5]); // the settings are not sent beside the autosave
    sent[0].answer(200, { id: 31, version: 6, tree: [] });
    await autosave;
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1].url).toContain('/documents/31');
    expect(sent[1].body.base_version).toBe(6);
    sent[1].answer(200, { id: 31, version: 7, title: 'Deals', slug: 'deals', settings: {} });
    await settings;
    expect(saving.version()).toBe(7);
    // And the next tree save starts from the settings' version.
    const publish = saving.send([], 'publish');
    await settle();
    expect(sent[2].body.base_version).toBe(7);
    sent[2].answer(200, { id: 31, version: 8, tree: [] });
    await publish;
  });

  it('a write that is refused does not hold back the next one', async () => {
    const first = saving.send([], 'draft').catch((e: Error) => e);
    const second = settingsWrite();
    await settle();
    await act(async () => {
      sent[0].answer(409, { code: 'rest_conflict', message: 'Ana saved this document after you started editing.', data: { status: 409 } });
      expect(await first).toBeInstanceOf(Error);
    });
    expect(saving.conflict).toBe('Ana saved this document after you started editing.');
    await settle();
    expect(sent[1].body.base_version).toBe(5);
    sent[1].answer(200, { id: 31, version: 6, title: 'Deals', slug: 'deals', settings: {} });
    await second;
    expect(saving.version()).toBe(6);
  });
});
