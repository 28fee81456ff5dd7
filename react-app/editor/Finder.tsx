import { memo, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { findEntries, type FinderEntry } from './finder';

// The finder (Ctrl+E): type to jump to any document, setting, widget, editor panel or admin screen. A modal dialog
// holding a combobox and its listbox (WAI-ARIA combobox pattern): arrows move, Enter goes, Escape closes.

const DOCUMENT_TYPES: Record<string, string> = {
  page: 'Page',
  popup: 'Popup',
  'loop-item': 'Loop item',
  template: 'Template',
  header: 'Header',
  footer: 'Footer',
};

/** The documents, loaded when the finder opens (each opens in the editor). */
function useDocumentEntries(open: boolean): { entries: FinderEntry[]; error: string } {
  const [entries, setEntries] = useState<FinderEntry[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    let live = true;
    api(editorApi.documents, {}).then(
      (r) =>
        live &&
        setEntries(
          r.items
            .filter((d) => d.status !== 'trash')
            .map((d) => ({
              kind: 'Document' as const,
              title: d.title,
              keywords: `${DOCUMENT_TYPES[d.type] ?? d.type} /${d.slug}`,
              run: () => location.assign(`/editor/${d.id}`),
            })),
        ),
      (e: Error) => live && setError(`Documents could not be loaded: ${e.message}`),
    );
    return () => {
      live = false;
    };
  }, [open]);
  return { entries, error };
}

export const Finder = memo(function Finder({ open, onClose, entries }: { open: boolean; onClose: () => void; entries: FinderEntry[] }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const documents = useDocumentEntries(open);
  const id = useId();
  const all = useMemo(() => [...documents.entries, ...entries], [documents.entries, entries]);
  const results = useMemo(() => findEntries(query, all), [query, all]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const go = (entry: FinderEntry | undefined) => {
    if (!entry) return;
    onClose();
    setQuery('');
    entry.run();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, results.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter') go(results[active]);
    else return;
    e.preventDefault();
  };
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <dialog ref={ref} className="editor-dialog editor-finder" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`}>Finder</h2>
      <label htmlFor={`${id}-input`}>Go to a document, setting, widget or admin screen</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={results.length ? optionId(Math.min(active, results.length - 1)) : undefined}
        autoComplete="off"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        autoFocus
      />
      {documents.error ? <p role="alert">{documents.error}</p> : null}
      <ul id={`${id}-list`} role="listbox" aria-label="Results" className="editor-finder__list">
        {results.map((entry, i) => (
          // Picked from the input (arrows, Enter) or with the mouse.
          <li
            key={`${entry.kind}-${entry.title}-${i}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(entry)}
          >
            <span className="editor-finder__kind">{entry.kind}</span> {entry.title}
          </li>
        ))}
      </ul>
      <p role="status" className="editor-finder__count">
        {query.trim() ? `${results.length} result${results.length === 1 ? '' : 's'}` : ''}
      </p>
    </dialog>
  );
});
