import type { ElementNode } from '../widgets/types';
import { ElementActions } from './ElementActions';
import { Navigator } from './Navigator';
import type { ElementCommands } from './useElementCommands';
import { updateSettings } from './tree-ops';

// The navigator panel: the document's tree and the selected element's actions (the keyboard path for what
// the canvas's drag and drop and right-click menu do). Docked above the widget panel, or floating over the
// canvas (movable with its header's arrow buttons, resizable by its corner), as the editor chooses.

export type NavigatorDock = 'docked' | 'floating';

export interface NavigatorPanelProps {
  tree: ElementNode[];
  node: ElementNode | null;
  selected: string | null;
  hidden: ReadonlySet<string>;
  onHidden: (id: string) => void;
  onSelect: (id: string | null) => void;
  commands: ElementCommands;
  /** A change of settings (undoable). */
  commit: (next: ElementNode[]) => void;
  dock: NavigatorDock;
  onDock: (dock: NavigatorDock) => void;
  onClose: () => void;
}

export function NavigatorPanel(p: NavigatorPanelProps) {
  const { tree, node, commands } = p;
  // The tree is the document's, which a keystroke changes only after the key's frame (after-paint.ts): the navigator
  // renders with the canvas in that one update. A deferred value (useDeferredValue) would add a render and a frame
  // of their own after it, at every key (docs/editor.md, "Typing responsiveness").
  return (
    <section className={`editor-navigator editor-navigator--${p.dock}`} aria-labelledby="structure-heading">
      <div className="editor-navigator__head">
        <h2 id="structure-heading">Navigator</h2>
        <button type="button" onClick={() => p.onDock(p.dock === 'docked' ? 'floating' : 'docked')}>
          {p.dock === 'docked' ? 'Float' : 'Dock'}
        </button>
        <button type="button" aria-label="Close the navigator" onClick={p.onClose}>
          ×
        </button>
      </div>
      {/* Focusable: a scrolled region must be reachable from the keyboard even when it holds no button yet. */}
      <div className="editor-navigator__body" tabIndex={0} role="group" aria-label="Page elements and actions">
        <Navigator tree={tree} selected={p.selected} hidden={p.hidden} onSelect={p.onSelect} />
        {node ? (
          <ElementActions
            node={node}
            canPaste={commands.canPaste}
            hidden={p.hidden.has(node.id)}
            onMove={(delta) => commands.move(node.id, delta)}
            onDuplicate={() => commands.duplicate(node.id)}
            onDelete={() => commands.remove(node.id)}
            onCopy={() => commands.copy(node.id)}
            onPaste={() => commands.paste(node.id)}
            onPasteStyle={() => commands.pasteStyle(node.id)}
            onToggleHidden={() => p.onHidden(node.id)}
            onRename={(name) => p.commit(updateSettings(tree, node.id, { _title: name }))}
          />
        ) : null}
      </div>
    </section>
  );
}
