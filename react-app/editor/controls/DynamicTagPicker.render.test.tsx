// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type * as Tags from '../../../core/dynamic-tags/tags';
import type { SettingsPanel as SettingsPanelType } from '../SettingsPanel';
import type { ElementNode } from '../../widgets/types';
import type * as Widgets from '../../widgets';

// A key typed in a heading's Title is the field's echo alone (docs/editor.md, "Typing responsiveness"). The dynamic
// tag picker beside the field shows nothing of the typed text but the product slugs it names: its list of tags, its
// select and its button rendered again at every key (on /showcase/500-elements, in the key's own frame). It reads
// the tag list once a render, which the mock below counts.
const reads = vi.hoisted(() => ({ tags: 0 }));
vi.mock('../../../core/dynamic-tags/tags', async (importOriginal) => {
  const real = await importOriginal<typeof Tags>();
  return {
    ...real,
    get TAGS() {
      reads.tags++;
      return real.TAGS;
    },
  };
});

let SettingsPanel: typeof SettingsPanelType;
let widgets: typeof Widgets.widgets;
beforeAll(async () => {
  vi.resetModules();
  ({ SettingsPanel } = await import('../SettingsPanel'));
  ({ widgets } = await import('../../widgets'));
}, 60_000);

const heading: ElementNode = { id: 'h00001', elType: 'widget', widgetType: 'heading', settings: { title: 'Peaches' }, elements: [] };
let host: HTMLDivElement;
let root: Root;
const changes: unknown[] = [];
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.stubGlobal('fetch', () => new Promise(() => undefined)); // the slug check: left pending
  changes.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root.render(
      <SettingsPanel
        node={heading}
        definition={widgets.heading ?? null}
        uploadUrl="/uploads"
        device="desktop"
        onChange={(_control, value) => changes.push(value)}
      />,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const field = () => host.querySelector<HTMLInputElement>('input[id$="-title"]')!;
function type(text: string) {
  for (const key of text)
    act(() => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(field(), field().value + key);
      field().dispatchEvent(new Event('input', { bubbles: true }));
    });
}

test("keys typed in a heading's Title do not render the dynamic tag picker again; a product slug typed does", () => {
  expect(host.querySelector('[aria-label="Dynamic tag for Title"] select')).toBeTruthy();
  reads.tags = 0;
  type(' and plums');
  expect(field().value).toBe('Peaches and plums');
  expect(reads.tags).toBe(0);
  // The picker warns about the product slugs the text names: a new slug is something it shows.
  type(' {{product.price:peach}}');
  expect(reads.tags).toBeGreaterThan(0);
});

test('Insert tag puts the token after the text as typed so far', () => {
  type('!!');
  act(() => host.querySelector<HTMLButtonElement>('[aria-label="Dynamic tag for Title"] button')!.click());
  expect(changes.at(-1)).toBe('Peaches!! {{store.name}}');
});
