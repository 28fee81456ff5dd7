import { useState } from 'react';
import type { ElementNode } from '../widgets/types';
import { nodeLabel } from './Navigator';

// The keyboard path for everything the navigator's drag and drop and context menu do: move, duplicate,
// delete, copy, paste, paste style, hide in the editor, rename.

export interface ElementActionsProps {
  node: ElementNode;
  canPaste: boolean;
  hidden: boolean;
  onMove: (delta: -1 | 1) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onCopy: () => void;
  onPaste: () => void;
  onPasteStyle: () => void;
  onToggleHidden: () => void;
  onRename: (name: string) => void;
}

export function ElementActions(p: ElementActionsProps) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState('');
  const label = nodeLabel(p.node);
  return (
    <div className="editor-actions" role="group" aria-label={`Selected: ${label}`}>
      <button type="button" onClick={() => p.onMove(-1)}>
        Move up
      </button>
      <button type="button" onClick={() => p.onMove(1)}>
        Move down
      </button>
      <button type="button" onClick={p.onDuplicate}>
        Duplicate
      </button>
      <button type="button" onClick={p.onCopy}>
        Copy
      </button>
      <button type="button" onClick={p.onPaste} disabled={!p.canPaste}>
        Paste
      </button>
      <button type="button" onClick={p.onPasteStyle} disabled={!p.canPaste}>
        Paste style
      </button>
      <button type="button" onClick={p.onToggleHidden} aria-pressed={p.hidden}>
        {p.hidden ? 'Show in editor' : 'Hide in editor'}
      </button>
      <button
        type="button"
        onClick={() => {
          setName(typeof p.node.settings._title === 'string' ? p.node.settings._title : '');
          setRenaming((r) => !r);
        }}
        aria-expanded={renaming}
      >
        Rename
      </button>
      <button type="button" onClick={p.onDelete}>
        Delete
      </button>
      {renaming ? (
        <form
          className="editor-rename"
          onSubmit={(e) => {
            e.preventDefault();
            p.onRename(name.trim());
            setRenaming(false);
          }}
        >
          <label htmlFor="editor-rename-input">Name in the navigator</label>
          <input id="editor-rename-input" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} autoFocus />
          <button type="submit">Save name</button>
        </form>
      ) : null}
    </div>
  );
}
