import { memo, useCallback, useEffect, useState } from 'react';
import { api } from '../../core/api/client';
import * as globalApi from '../../core/api/global-widgets';
import { globalReference, globalWidgetDataKey, unlinkGlobalWidget } from '../../core/documents/global-widgets';
import type { ElementNode } from '../widgets/types';
import { messageFor, useTasks } from '../hooks/use-tasks';

// Global widgets in the editor (docs/editor.md, "Global widgets and custom CSS"): save the selected widget as a
// global widget (the selection becomes a use of it), insert one, and for a selected use: edit it in its own
// editor (publishing there changes every page that uses it) or unlink it (this page keeps a local copy).

interface GlobalWidgetItem {
  id: number;
  title: string;
  element: ElementNode;
}

const nameMessage = messageFor('title');

/** The tree with the element `id` replaced by `node`. */
function replaced(tree: ElementNode[], id: string, node: ElementNode): ElementNode[] {
  return tree.map((n) => (n.id === id ? node : n.elements.length ? { ...n, elements: replaced(n.elements, id, node) } : n));
}

/**
 * Memoised, with constant props while typing: what it shows of the selection is `gid` and `canSave` (computed by
 * its column), and its actions read the latest tree and selection when they run (`current()`).
 */
export const GlobalWidgetsPanel = memo(function GlobalWidgetsPanel({
  current,
  gid,
  canSave,
  widgetData,
  structural,
  onInsert,
}: {
  current: () => { tree: ElementNode[]; selection: ElementNode | null };
  /** The selection's global widget, when it is a use of one. */
  gid: number | null;
  /** The selection is a plain widget, which can become a global one. */
  canSave: boolean;
  /**
   * The preview's widget data (RenderContext.data): a global widget's element is added to it before the tree
   * names it, so the preview can draw the new use at once.
   */
  widgetData: Record<string, unknown>;
  structural: (next: ElementNode[], select: string | null, action: string) => void;
  onInsert: (elements: ElementNode[]) => void;
}) {
  const [items, setItems] = useState<GlobalWidgetItem[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const tasks = useTasks<'save'>(nameMessage);
  const busy = tasks.busy();

  const load = useCallback(
    () =>
      api(globalApi.globalWidgets).then(
        (r) => {
          for (const g of r.items) widgetData[globalWidgetDataKey(g.id)] = g.element;
          setItems(r.items);
        },
        (e: Error) => setStatus(`Global widgets could not be loaded: ${e.message}`),
      ),
    [widgetData],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const used = gid === null ? undefined : items?.find((g) => g.id === gid);

  const save = async () => {
    const { tree, selection } = current();
    if (!selection) return;
    const title = name.trim();
    if (!title) {
      setError('Enter a name for the global widget.');
      document.getElementById('global-widget-name')?.focus();
      return;
    }
    setError('');
    await tasks.run(
      'save',
      async () => {
        const created = await api(globalApi.createGlobalWidget, { body: { title, element: selection } });
        widgetData[globalWidgetDataKey(created.id)] = created.element;
        structural(replaced(tree, selection.id, globalReference(selection.id, created.id)), selection.id, 'save_global_widget');
        setName('');
        setStatus(`Saved “${title}” as a global widget: this element now shows it. Save the page to keep the link.`);
        await load();
      },
      setError,
    );
  };

  /** Deleting one still in use is refused by the server with the pages named: that message is shown as it is. */
  const remove = (g: GlobalWidgetItem) =>
    tasks.run(
      'save',
      async () => {
        await api(globalApi.deleteGlobalWidget, { params: { id: g.id } });
        setStatus(`Deleted the global widget “${g.title}”.`);
        await load();
      },
      (message) => setStatus(`Not deleted: ${message}`),
    );

  const unlink = () => {
    const { tree, selection } = current();
    if (!selection || !used) return;
    structural(unlinkGlobalWidget(tree, selection.id, used.element), selection.id, 'unlink_global_widget');
    setStatus(`Unlinked “${used.title}”: this page now has its own copy, which later edits of the global widget leave as it is.`);
  };

  return (
    <section className="editor-global-widgets" aria-labelledby="global-widgets-heading">
      <h2 id="global-widgets-heading">Global widgets</h2>
      {gid !== null ? (
        <div className="editor-global-widgets__selected" role="group" aria-label="Selected global widget">
          <p>
            This element is the global widget <strong>{used ? `“${used.title}”` : `#${gid}`}</strong>: edit it once, every page using it
            changes.
          </p>
          <a className="button" href={`/editor/${gid}`}>
            Edit global widget
          </a>{' '}
          <button type="button" onClick={unlink} disabled={!used}>
            Unlink (keep a local copy)
          </button>
        </div>
      ) : canSave ? (
        <form
          className="editor-global-widgets__save"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label htmlFor="global-widget-name">Global widget name</label>
          <input
            id="global-widget-name"
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'global-widget-name-error' : undefined}
          />
          {error ? (
            <p className="editor-field-error" id="global-widget-name-error">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy}>
            Save as global widget
          </button>
        </form>
      ) : (
        <p className="editor-help">Select a widget to save it as a global widget.</p>
      )}
      <GlobalWidgetList
        items={items}
        busy={busy}
        onInsert={(g) => onInsert([globalReference('g', g.id)])}
        onDelete={(g) => void remove(g)}
      />
      <p className="editor-status" role="status">
        {status}
      </p>
    </section>
  );
});

/** The global widgets to insert (or delete). */
function GlobalWidgetList({
  items,
  busy,
  onInsert,
  onDelete,
}: {
  items: GlobalWidgetItem[] | null;
  busy: boolean;
  onInsert: (g: GlobalWidgetItem) => void;
  onDelete: (g: GlobalWidgetItem) => void;
}) {
  if (items === null) return null;
  if (!items.length) return <p className="editor-help">No global widgets yet.</p>;
  return (
    <ul className="editor-global-widgets__list" aria-label="Global widgets to insert">
      {items.map((g) => (
        <li key={g.id}>
          <button type="button" disabled={busy} onClick={() => onInsert(g)}>
            Insert global “{g.title}”
          </button>{' '}
          <button type="button" disabled={busy} onClick={() => onDelete(g)}>
            Delete<span className="visually-hidden"> global “{g.title}”</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
