import type { ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragCancelEvent,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { ElementNode } from '../widgets/types';
import { dragAnnouncements, dragInstructions } from './drag-announcements';

// The editor's drag and drop context, rendered once around the whole editor and never again while typing.
//
// dnd-kit's DndContext hands its descendants a new context value each time it renders (its `transform`), and
// React then walks every memoised subtree under it (500 canvas elements, 500 navigator rows) looking for
// readers, at every keystroke when the context sat inside the editor and rendered with it. Here its props are
// constant (EditorDndBridge), and the bridge calls the handlers of the editor's latest render.

/** What the editor gives the drag context: its handlers and its tree (for announcements), kept current each render. */
export interface EditorDndHandlers {
  onDragStart: (event: DragStartEvent) => void;
  onDragCancel: (event: DragCancelEvent) => void;
  onDragEnd: (event: DragEndEvent) => void;
  tree: () => ElementNode[];
}

/**
 * dnd-kit's sensors: the pointer after 6 px; Space picks up and drops (Enter stays the button's own action). The
 * options are constants: a new options object each render made new sensors, hence a new drag context.
 */
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_OPTIONS = { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } };

/** Constant handlers for the drag context that call the editor's current ones (connected after each render). */
export class EditorDndBridge {
  private handlers: EditorDndHandlers | null = null;
  readonly onDragStart = (e: DragStartEvent) => this.handlers?.onDragStart(e);
  readonly onDragCancel = (e: DragCancelEvent) => this.handlers?.onDragCancel(e);
  readonly onDragEnd = (e: DragEndEvent) => this.handlers?.onDragEnd(e);
  readonly accessibility = {
    announcements: dragAnnouncements(() => this.handlers?.tree() ?? []),
    screenReaderInstructions: dragInstructions,
  };
  connect(handlers: EditorDndHandlers): void {
    this.handlers = handlers;
  }
}

export function EditorDnd({ bridge, children }: { bridge: EditorDndBridge; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  return (
    <DndContext
      sensors={sensors}
      onDragStart={bridge.onDragStart}
      onDragCancel={bridge.onDragCancel}
      onDragEnd={bridge.onDragEnd}
      accessibility={bridge.accessibility}
    >
      {children}
    </DndContext>
  );
}
