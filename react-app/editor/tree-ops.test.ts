import { describe, expect, it } from 'vitest';
import type { ElementNode } from '../widgets/types';
import { createHistory, record, redo, undo } from './history';
import { duplicateNode, findNode, insertNode, moveNode, newElement, removeNode, updateSettings } from './tree-ops';

const w = (id: string, settings: Record<string, unknown> = {}): ElementNode => ({
  id,
  elType: 'widget',
  widgetType: 'heading',
  settings,
  elements: [],
});
const box = (id: string, elements: ElementNode[]): ElementNode => ({ id, elType: 'container', settings: {}, elements });
const tree = (): ElementNode[] => [box('c1', [w('h1', { title: 'A' }), w('h2', { title: 'B' })]), box('c2', [])];
const ids = (list: ElementNode[]): string[] => list.map((n) => n.id);
let n = 0;
const seq = () => `n${++n}`;

describe('tree edits', () => {
  it('updates settings without touching the input', () => {
    const t = tree();
    const next = updateSettings(t, 'h2', { title: 'C' });
    expect(findNode(next, 'h2')!.settings.title).toBe('C');
    expect(findNode(t, 'h2')!.settings.title).toBe('B');
  });

  it('moves among siblings and stops at the ends', () => {
    expect(ids(moveNode(tree(), 'h2', -1)[0].elements)).toEqual(['h2', 'h1']);
    expect(ids(moveNode(tree(), 'h1', -1)[0].elements)).toEqual(['h1', 'h2']);
    expect(ids(moveNode(tree(), 'c1', 1))).toEqual(['c2', 'c1']);
  });

  it('duplicates with fresh ids right after the original', () => {
    const { tree: next, id } = duplicateNode(tree(), 'c1', seq);
    expect(ids(next)).toEqual(['c1', id, 'c2']);
    expect(next[1].elements.map((e) => e.settings.title)).toEqual(['A', 'B']);
    expect(new Set([...ids(next[1].elements), ...ids(next[0].elements)]).size).toBe(4);
  });

  it('deletes nested elements', () => {
    expect(ids(removeNode(tree(), 'h1')[0].elements)).toEqual(['h2']);
  });

  it('adds a widget into a container, after a widget, or at the end', () => {
    const a = newElement('heading', { title: 'X' }, tree(), seq);
    expect(ids(insertNode(tree(), a, 'c2')[1].elements)).toEqual([a.id]);
    expect(ids(insertNode(tree(), a, 'h1')[0].elements)).toEqual(['h1', a.id, 'h2']);
    expect(ids(insertNode(tree(), a, null)).slice(-1)).toEqual([a.id]);
  });
});

describe('undo/redo', () => {
  it('undoes and redoes steps, merging edits of the same field', () => {
    let h = createHistory(1);
    h = record(h, 2, 'title');
    h = record(h, 3, 'title');
    h = record(h, 4, 'speed');
    expect(h.past).toEqual([1, 3]);
    h = undo(h);
    expect(h.present).toBe(3);
    h = undo(h);
    expect(h.present).toBe(1);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(3);
    h = record(h, 9);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });
});
