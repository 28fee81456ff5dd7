import { describe, expect, it } from 'vitest';
import { box, w } from '../wire/document';
import { countChanges, diffElements } from './element-diff';

describe('diffElements', () => {
  const before = [box('c1', [w('h1', 'heading', { title: 'Weekly picks', size: 'h2' }), w('t1', 'text-editor', { editor: '<p>a</p>' })])];

  it('finds nothing between equal trees, whatever the key order', () => {
    const reordered = [
      box('c1', [w('h1', 'heading', { size: 'h2', title: 'Weekly picks' }), w('t1', 'text-editor', { editor: '<p>a</p>' })]),
    ];
    expect(diffElements(before, reordered)).toEqual([]);
  });

  it('names added, removed, changed (with the setting keys) and moved elements', () => {
    const after = [
      box('c1', [w('t1', 'text-editor', { editor: '<p>a</p>' }), w('h1', 'heading', { title: 'Deals', size: 'h2' })]),
      w('b1', 'button', { text: 'Shop' }),
    ];
    const removedToo = [box('c1', [w('h1', 'heading', { title: 'Weekly picks', size: 'h2' })])];
    expect(diffElements(before, after)).toEqual([
      { id: 't1', kind: 'moved', label: 'text-editor', keys: [] },
      { id: 'h1', kind: 'changed', label: 'heading', keys: ['title'] },
      { id: 'b1', kind: 'added', label: 'button', keys: [] },
    ]);
    expect(diffElements(before, removedToo)).toEqual([{ id: 't1', kind: 'removed', label: 'text-editor', keys: [] }]);
    expect(countChanges(diffElements(before, after))).toEqual({ added: 1, removed: 0, changed: 1, moved: 1 });
  });
});
