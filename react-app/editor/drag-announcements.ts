import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { widgets } from '../widgets';
import type { ElementNode } from '../widgets/types';
import { nodeLabel } from './Navigator';
import { holdsChildren } from './tree-moves';
import { findNode } from './tree-ops';

// What a screen reader hears while dragging in the editor: element names ("Heading: Weekly deals", "inside
// Container"), never dnd-kit's internal ids ("drop:348f5d"). Drag ids are `new:<type>` (the widget palette),
// `node:<id>` (the navigator) and drop ids `drop:<id>` or `drop:canvas` (Navigator.tsx, Preview.tsx).

type Ref = { id: string | number } | null | undefined;
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export function dragAnnouncements(tree: () => ElementNode[]): Announcements {
  const what = (active: Ref): string => {
    const id = String(active?.id ?? '');
    if (id.startsWith('new:')) {
      const type = id.slice(4);
      return `a new ${widgets[type]?.title ?? type} widget`;
    }
    const node = id.startsWith('node:') ? findNode(tree(), id.slice(5)) : null;
    return node ? nodeLabel(node) : 'the element';
  };
  const where = (over: Ref): string | null => {
    const id = String(over?.id ?? '');
    if (!id.startsWith('drop:')) return null;
    if (id === 'drop:canvas') return 'at the end of the page';
    const node = findNode(tree(), id.slice(5));
    if (!node) return null;
    return holdsChildren(node) ? `inside ${nodeLabel(node)}` : `after ${nodeLabel(node)}`;
  };
  return {
    onDragStart: ({ active }) => `Picked up ${what(active)}.`,
    onDragOver: ({ active, over }) => {
      const place = where(over);
      return place ? `${cap(what(active))} is over a drop place: ${place}.` : `${cap(what(active))} is no longer over a drop place.`;
    },
    onDragEnd: ({ active, over }) => {
      const place = where(over);
      return place ? `Dropped ${what(active)} ${place}.` : `${cap(what(active))} was dropped where it cannot go; nothing changed.`;
    },
    onDragCancel: ({ active }) => `Dragging was cancelled. ${cap(what(active))} was not moved.`,
  };
}

export const dragInstructions: ScreenReaderInstructions = {
  draggable:
    'To pick up, press Space or Enter. Use the arrow keys to move over the navigator and the page, Space or Enter to drop, Escape to cancel.',
};
