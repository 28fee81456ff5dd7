import { describe, expect, it } from 'vitest';
import type { ElementNode } from '../widgets/types';
import { dragAnnouncements } from './drag-announcements';

const tree: ElementNode[] = [
  {
    id: '348f5d',
    elType: 'container',
    settings: {},
    elements: [{ id: 'a1b2c3', elType: 'widget', widgetType: 'heading', settings: { title: 'Weekly deals' }, elements: [] }],
  },
];
const say = dragAnnouncements(() => tree);

describe('drag announcements for screen readers', () => {
  it('name the element and the drop place, never internal ids', () => {
    const heading = { id: 'node:a1b2c3' };
    const container = { id: 'drop:348f5d' };
    const lines = [
      say.onDragStart({ active: heading } as never),
      say.onDragOver({ active: { id: 'new:heading' }, over: container } as never),
      say.onDragEnd({ active: heading, over: container } as never),
      say.onDragEnd({ active: { id: 'new:heading' }, over: { id: 'drop:a1b2c3' } } as never),
      say.onDragEnd({ active: heading, over: { id: 'drop:canvas' } } as never),
      say.onDragCancel({ active: heading, over: null } as never),
    ];
    expect(lines).toEqual([
      'Picked up Heading: Weekly deals.',
      'A new Heading widget is over a drop place: inside Container.',
      'Dropped Heading: Weekly deals inside Container.',
      'Dropped a new Heading widget after Heading: Weekly deals.',
      'Dropped Heading: Weekly deals at the end of the page.',
      'Dragging was cancelled. Heading: Weekly deals was not moved.',
    ]);
    for (const line of lines) expect(line).not.toMatch(/348f5d|a1b2c3|drop:|node:|new:/);
  });
});
