import { describe, expect, it } from 'vitest';
import { widgets } from '../widgets';
import type { ControlSchema, ElementNode } from '../widgets/types';
import { applyControlEdit } from './useControlChange';

// A control that reports the value its element already holds records no step. The Text Editor's TinyMCE, handed
// words kept in place on the canvas, reports its copy of them as a change at once: recorded, that echo was the
// step the next Ctrl+Z undid, and the words stayed (docs/editor.md, "Editing on the canvas").

const text: ElementNode = {
  id: 'ip0002',
  elType: 'widget',
  widgetType: 'text-editor',
  settings: { editor: '<p>New words for the weekend.</p>' },
  elements: [],
};
const tree: ElementNode[] = [{ id: 'c00001', elType: 'container', settings: {}, elements: [text] }];
const control = (key: string): ControlSchema => {
  const found = widgets['text-editor']?.controls?.find((c) => c.key === key);
  if (!found) throw new Error(`no control ${key}`);
  return found;
};

const edit = (key: string, value: unknown) => ({ id: text.id, control: control(key), value, device: 'desktop' });

describe('a control change', () => {
  it('leaves the tree as it is (no step recorded) when the rich text reports the words the element already holds', () => {
    expect(applyControlEdit(tree, edit('editor', '<p>New words for the weekend.</p>'))).toBe(tree);
  });

  it('writes the words an editor typed into that element alone', () => {
    const next = applyControlEdit(tree, edit('editor', '<p>New words for the weekend!</p>'));
    expect(next[0].elements[0].settings.editor).toBe('<p>New words for the weekend!</p>');
    expect(tree[0].elements[0].settings.editor).toBe('<p>New words for the weekend.</p>');
  });

  it('leaves the tree as it is when the element is gone', () => {
    expect(applyControlEdit(tree, { ...edit('editor', '<p>x</p>'), id: 'gone00' })).toBe(tree);
  });
});
