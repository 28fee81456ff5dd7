import { describe, expect, it } from 'vitest';
import { box, w } from '../../core/wire/document';
import { insertElements, moveTo, placeNode, withFreshIds } from './tree-moves';

const ids = (tree: ReturnType<typeof box>[]): unknown => tree.map((n) => (n.elements.length ? [n.id, ids(n.elements)] : n.id));

describe('tree moves', () => {
  const tree = [box('c1', [w('a', 'heading', {}), w('b', 'heading', {})]), box('c2', [])];

  it('places before, after and inside, and at the end without a target', () => {
    expect(ids(placeNode(tree, w('n', 'heading', {}), 'b', 'before'))).toEqual([['c1', ['a', 'n', 'b']], 'c2']);
    expect(ids(placeNode(tree, w('n', 'heading', {}), 'c1', 'after'))).toEqual([['c1', ['a', 'b']], 'n', 'c2']);
    expect(ids(placeNode(tree, w('n', 'heading', {}), 'c2', 'inside'))).toEqual([
      ['c1', ['a', 'b']],
      ['c2', ['n']],
    ]);
    expect(ids(placeNode(tree, w('n', 'heading', {}), 'a', 'inside'))).toEqual([['c1', ['a', 'n', 'b']], 'c2']);
    expect(ids(placeNode(tree, w('n', 'heading', {}), null, 'after'))).toEqual([['c1', ['a', 'b']], 'c2', 'n']);
  });

  it('moves between containers and never into itself', () => {
    expect(ids(moveTo(tree, 'a', 'c2', 'inside'))).toEqual([
      ['c1', ['b']],
      ['c2', ['a']],
    ]);
    expect(moveTo(tree, 'c1', 'a', 'inside')).toBe(tree);
    expect(moveTo(tree, 'c1', 'c1', 'after')).toBe(tree);
  });

  it('copies with fresh ids that are not in the tree', () => {
    let n = 0;
    const copy = withFreshIds(tree[0], tree, () => ['a', 'b', 'x1', 'x2', 'x3'][n++]);
    expect(ids([copy])).toEqual([['x1', ['x2', 'x3']]]);
  });

  it('inserts a template after the selection, in order, with fresh ids each time', () => {
    const template = [box('t1', [w('t2', 'heading', {})]), w('t3', 'heading', {})];
    let n = 0;
    const next = () => `n${n++}`;
    const once = insertElements(tree, template, 'c1', next);
    expect(once.ids).toEqual(['n0', 'n2']);
    expect(ids(once.tree)).toEqual([['c1', ['a', 'b']], ['n0', ['n1']], 'n2', 'c2']);
    const twice = insertElements(once.tree, template, null, next);
    expect(twice.ids).toEqual(['n3', 'n5']);
    expect(ids(twice.tree)).toEqual([['c1', ['a', 'b']], ['n0', ['n1']], 'n2', 'c2', ['n3', ['n4']], 'n5']);
  });
});
