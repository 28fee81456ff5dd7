import { useEffect, useRef } from 'react';

// Shown when a save was refused because someone saved in between: reload their version, or keep ours as a
// new draft (theirs stays in the history). A native modal dialog: focus moves in and stays until a choice.

export function ConflictDialog({
  message,
  onReload,
  onKeepMine,
}: {
  message: string | null;
  onReload: () => void;
  onKeepMine: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (message && !dialog.open) dialog.showModal();
    if (!message && dialog.open) dialog.close();
  }, [message]);

  return (
    <dialog
      ref={ref}
      className="editor-conflict"
      aria-labelledby="editor-conflict-title"
      aria-describedby="editor-conflict-message"
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id="editor-conflict-title">Someone else saved this page</h2>
      <p id="editor-conflict-message">{message}</p>
      <p>Nothing is lost either way: every save is kept in the history.</p>
      <div className="editor-conflict__actions">
        <button type="button" onClick={onReload}>
          Reload their version
        </button>
        <button type="button" className="button-primary" onClick={onKeepMine}>
          Keep mine as a new draft
        </button>
      </div>
    </dialog>
  );
}
