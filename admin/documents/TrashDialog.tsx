import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, fieldErrors } from '../../core/http';

// Trash asks first (docs/editor.md, "Trash and restore"): it names the documents that link to this one, and for
// the home page it warns that `/` goes offline and asks the editor to say so. A native modal dialog: focus moves
// in, Esc cancels, and focus returns to the Trash button.

export interface TrashTarget {
  id: number;
  title: string;
}
interface References {
  is_home: boolean;
  references: Array<{ id: number; title: string; type: string }>;
}

export function TrashDialog({
  target,
  onClose,
  onTrashed,
}: {
  target: TrashTarget | null;
  onClose: () => void;
  onTrashed: (target: TrashTarget) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [refs, setRefs] = useState<References | null>(null);
  const [confirmHome, setConfirmHome] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!target) {
      if (dialog.open) dialog.close();
      return;
    }
    // Each target gets a fresh dialog (the screen keys it by id), so nothing read for another stays here.
    if (!dialog.open) dialog.showModal();
    let current = true;
    api(editorApi.documentReferences, { params: { id: target.id } }).then(
      (r) => current && setRefs(r),
      (e) => current && setError(errorMessage(e)),
    );
    return () => {
      current = false;
    };
  }, [target]);

  const trash = async () => {
    if (!target) return;
    setBusy(true);
    setError('');
    try {
      await api(editorApi.trashDocument, { params: { id: target.id }, body: refs?.is_home ? { confirm_home: confirmHome } : {} });
      onTrashed(target);
    } catch (e) {
      setError(fieldErrors(e).confirm_home ?? errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby="trash-title" aria-describedby="trash-what" onClose={onClose}>
      <h2 id="trash-title">Move “{target?.title}” to the trash?</h2>
      <div id="trash-what">
        {refs === null && !error ? <p>Checking what links to it…</p> : null}
        {refs?.is_home ? (
          <p className="admin-dialog__warning" role="alert">
            This is the site’s home page. Until it is restored, visitors to the home address get “page not found”.
          </p>
        ) : null}
        {refs && refs.references.length > 0 ? (
          <>
            <p>These documents link to it; their links will lead nowhere while it is in the trash:</p>
            <ul>
              {refs.references.map((r) => (
                <li key={r.id}>
                  <a href={`/editor/${r.id}`}>{r.title}</a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {refs && !refs.is_home && refs.references.length === 0 ? (
          <p>No other document links to it. You can restore it from the trash.</p>
        ) : null}
      </div>
      {refs?.is_home ? (
        <p>
          <input id="trash-confirm-home" type="checkbox" checked={confirmHome} onChange={(e) => setConfirmHome(e.target.checked)} />{' '}
          <label htmlFor="trash-confirm-home">Yes, take the home page offline</label>
        </p>
      ) : null}
      {error ? (
        <p className="editor-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="admin-buttons">
        <button type="button" onClick={() => ref.current?.close()}>
          Cancel
        </button>
        <button
          type="button"
          className="button-primary"
          disabled={busy || refs === null || (refs.is_home && !confirmHome)}
          onClick={() => void trash()}
        >
          Move to trash
        </button>
      </div>
    </dialog>
  );
}
