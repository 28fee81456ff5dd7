// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Suggestions as you type, as a WAI-ARIA combobox: the list follows the field, the arrows move the active
// option while the focus stays in the field, Enter chooses it, Escape closes, and a late answer never wins.

const answers = new Map<string, { resolve: (v: { items: Array<{ id: number; name: string }> }) => void }>();
vi.mock('../../core/api/client', () => ({
  api: (_endpoint: unknown, { query }: { query: string }) =>
    new Promise((resolve) => answers.set(new URLSearchParams(query).get('q') ?? '', { resolve })),
}));
const { SuggestInput } = await import('./suggest-input');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
const chosen: string[] = [];
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  chosen.length = 0;
  answers.clear();
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function Harness({ exclude }: { exclude?: number }) {
  const [value, setValue] = useState('');
  return (
    <SuggestInput id="q" value={value} onChange={setValue} onChoose={(n) => chosen.push(n)} apiQuery="catalog=grocery" exclude={exclude} />
  );
}

const input = () => host.querySelector<HTMLInputElement>('input')!;
const list = () => host.querySelector<HTMLUListElement>('[role="listbox"]')!;
const options = () => [...host.querySelectorAll<HTMLElement>('[role="option"]')].map((o) => o.textContent);

function type(text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const key = (k: string) => act(() => void input().dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));
async function answer(q: string, names: string[]) {
  await act(async () => answers.get(q)!.resolve({ items: names.map((name, id) => ({ id, name })) }));
}

describe('SuggestInput', () => {
  it('opens the suggestions, moves through them with the arrows and chooses with Enter', async () => {
    act(() => root.render(<Harness />));
    expect(input().getAttribute('role')).toBe('combobox');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(list().hidden).toBe(true);
    type('gal');
    await answer('gal', ['Gala Apples', 'Galangal']);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-controls')).toBe(list().id);
    expect(options()).toEqual(['Gala Apples', 'Galangal']);
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    key('ArrowDown');
    key('ArrowDown');
    const second = host.querySelectorAll('[role="option"]')[1];
    expect(input().getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown'); // wraps round to the first
    expect(input().getAttribute('aria-activedescendant')).toBe(host.querySelectorAll('[role="option"]')[0].id);
    key('ArrowUp');
    key('Enter');
    expect(chosen).toEqual(['Galangal']);
    expect(input().value).toBe('Galangal');
    expect(list().hidden).toBe(true);
  });

  it('closes with Escape, and Enter without an active suggestion is left to the form', async () => {
    act(() => root.render(<Harness />));
    type('mil');
    await answer('mil', ['Whole Milk']);
    key('Escape');
    expect(list().hidden).toBe(true);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    act(() => void input().dispatchEvent(enter));
    expect(enter.defaultPrevented).toBe(false);
    expect(chosen).toEqual([]);
  });

  it('closes the open list on Enter without an active suggestion, leaving the search to the form (issue 33 item 9)', async () => {
    act(() => root.render(<Harness />));
    type('gala');
    await answer('gala', ['Gala Apples']);
    expect(list().hidden).toBe(false);
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    act(() => void input().dispatchEvent(enter));
    expect(enter.defaultPrevented).toBe(false);
    expect(list().hidden).toBe(true);
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('never suggests the excluded product (the one a substitute is chosen for)', async () => {
    act(() => root.render(<Harness exclude={0} />));
    type('app');
    await answer('app', ['Honeycrisp Apples', 'Gala Apples']);
    expect(options()).toEqual(['Gala Apples']);
    type('hon');
    await answer('hon', ['Honeycrisp Apples']);
    expect(list().hidden).toBe(true);
  });

  it('shows the answer of the last keystroke, not a late one', async () => {
    act(() => root.render(<Harness />));
    type('b');
    type('br');
    await answer('br', ['Bread']);
    await answer('b', ['Bananas', 'Butter']);
    expect(options()).toEqual(['Bread']);
  });
});
