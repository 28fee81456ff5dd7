import { describe, expect, it } from 'vitest';
import { widgets } from '../widgets';
import type { ControlSchema, ElementNode } from '../widgets/types';
import type { TreeChange } from './useEditorTree';
// Not a React hook inside (no state, no effect): called here as the panel calls what it returns.
import { useControlChange as controlChange } from './useControlChange';

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

function changes() {
  const steps: Array<{ next: TreeChange; key: string | null | undefined }> = [];
  const onChange = controlChange(
    null,
    tree,
    text,
    (next, key) => steps.push({ next, key }),
    () => {},
  );
  return { steps, onChange };
}

describe('a control change', () => {
  it('records nothing when the rich text reports the words the element already holds', () => {
    const { steps, onChange } = changes();
    onChange(control('editor'), '<p>New words for the weekend.</p>', 'desktop');
    expect(steps).toEqual([]);
  });

  it('records the words an editor typed, once', () => {
    const { steps, onChange } = changes();
    onChange(control('editor'), '<p>New words for the weekend!</p>', 'desktop');
    expect(steps).toHaveLength(1);
    const next = steps[0].next as ElementNode[];
    expect(next[0].elements[0].settings.editor).toBe('<p>New words for the weekend!</p>');
  });
});
