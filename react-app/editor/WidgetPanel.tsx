import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { widgets } from '../widgets';

// The searchable widget panel: every widget the runtime renders, plus the container. Drag one onto the
// canvas or the navigator (mouse, touch, or keyboard: Space to pick up, arrows to move, Space to drop), or
// press the button (Enter) to add it after the selected element.

export const CONTAINER_ENTRY = { type: 'container', title: 'Container' };
export const PALETTE = [CONTAINER_ENTRY, ...Object.values(widgets).map((w) => ({ type: w.type, title: w.title }))];

/** The drag id of a palette entry (new element of that type). */
export const paletteDragId = (type: string): string => `new:${type}`;

const Entry = memo(function Entry({ type, title, onAdd }: { type: string; title: string; onAdd: (type: string) => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: paletteDragId(type), data: { kind: 'new', type } });
  return (
    <li>
      <button
        type="button"
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        className={`editor-widget-entry${isDragging ? ' is-dragging' : ''}`}
        data-widget-type={type}
        aria-roledescription="draggable widget"
        aria-describedby="editor-widget-help"
        onClick={() => onAdd(type)}
      >
        {title}
      </button>
    </li>
  );
});

/** Memoised: its column passes a constant `onAdd`, so a key typed in a control does not render the palette again. */
export const WidgetPanel = memo(function WidgetPanel({ onAdd }: { onAdd: (type: string) => void }) {
  const [query, setQuery] = useState('');
  // The entries keep one callback (they are memoised): it calls the latest onAdd.
  const latest = useRef(onAdd);
  useLayoutEffect(() => {
    latest.current = onAdd;
  });
  const add = useCallback((type: string) => latest.current(type), []);
  const q = query.trim().toLowerCase();
  const shown = PALETTE.filter((w) => !q || w.title.toLowerCase().includes(q) || w.type.includes(q));
  return (
    <section className="editor-widgets" aria-labelledby="widgets-heading">
      <h2 id="widgets-heading">Widgets</h2>
      <label htmlFor="editor-widget-search" className="editor-widgets__search-label">
        Search widgets
      </label>
      <input id="editor-widget-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      <p id="editor-widget-help" className="editor-help">
        Press Enter to add after the selection, or Space to pick up and drag with the arrow keys.
      </p>
      <ul className="editor-widget-list" aria-label="Widgets to add">
        {shown.map((w) => (
          <Entry key={w.type} type={w.type} title={w.title} onAdd={add} />
        ))}
      </ul>
      {shown.length ? null : <p role="status">No widget matches “{query}”.</p>}
    </section>
  );
});
