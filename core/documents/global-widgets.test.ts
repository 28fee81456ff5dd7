import { describe, expect, it } from 'vitest';
import { box, w } from '../wire/document';
import {
  collectGlobalIds,
  expandGlobalWidgets,
  globalElementProblem,
  globalIdOf,
  globalReference,
  globalReferenceProblem,
  unlinkGlobalWidget,
} from './global-widgets';

const stored = w('gw1', 'heading', { title: 'Peaches', _css_classes: 'deal' });

describe('global widget references', () => {
  it('puts the stored widget in place of each use, under the use’s id, marked as global', () => {
    const tree = [box('c1', [globalReference('r1', 12), w('h2', 'heading', { title: 'x' })]), globalReference('r2', 12)];
    const out = expandGlobalWidgets(tree, (gid) => (gid === 12 ? stored : undefined));
    expect(out[0].elements[0]).toMatchObject({
      id: 'r1',
      widgetType: 'heading',
      settings: { title: 'Peaches', _css_classes: 'deal elementor-global-12' },
    });
    expect(out[1]).toMatchObject({ id: 'r2', widgetType: 'heading' });
    // Untouched branches are the same objects (the editor's memoised elements stay as they are).
    expect(out[0].elements[1]).toBe(tree[0].elements[1]);
  });

  it('leaves a tree without references as it is, and drops a use whose widget is gone', () => {
    const plain = [box('c1', [w('h1', 'heading', { title: 'x' })])];
    expect(expandGlobalWidgets(plain, () => stored)).toBe(plain);
    expect(expandGlobalWidgets([globalReference('r1', 9), w('h1', 'heading', {})], () => undefined).map((n) => n.id)).toEqual(['h1']);
  });

  it('reads the id only from digits and finds every use', () => {
    expect(globalIdOf(globalReference('r1', 7))).toBe(7);
    expect(globalIdOf({ ...globalReference('r1', 7), settings: { global_id: 7 } })).toBeNull();
    expect(globalIdOf({ ...globalReference('r1', 7), settings: { global_id: '0' } })).toBeNull();
    expect(globalReferenceProblem({ ...globalReference('r1', 7), settings: { global_id: '7', title: 'x' } })).toMatch(/global_id/);
    expect([...collectGlobalIds([box('c', [globalReference('a', 3)]), globalReference('b', 4), globalReference('c2', 3)])]).toEqual([3, 4]);
  });

  it('unlinks one use into a local copy with the same id', () => {
    const tree = [globalReference('r1', 12), globalReference('r2', 12)];
    const out = unlinkGlobalWidget(tree, 'r2', stored);
    expect(out[0]).toBe(tree[0]);
    expect(out[1]).toEqual({ ...stored, id: 'r2' });
    expect(out[1].settings).not.toBe(stored.settings);
  });

  it('accepts one plain widget as a global widget, nothing else', () => {
    expect(globalElementProblem([stored])).toBeNull();
    expect(globalElementProblem([])).toBe('A global widget holds exactly one widget.');
    expect(globalElementProblem([stored, stored])).toBe('A global widget holds exactly one widget.');
    expect(globalElementProblem([box('c', [])])).toMatch(/not a container/);
    expect(globalElementProblem([globalReference('r', 1)])).toMatch(/cannot be another global widget/);
  });
});
