import { useEffect, useRef } from 'react';

// A revision rendered by the published renderer beside the current draft, before restoring it
// (server/routes/editor/revision-preview.ts). Both frames are sandboxed: no script runs in them, no link or
// form leaves them. A modal dialog: Escape or Close returns to the history, "Restore this revision" restores.

export const revisionPreviewUrl = (documentId: number, revisionId: number): string =>
  `/editor/${documentId}/preview/revision/${revisionId}`;
export const draftPreviewUrl = (documentId: number): string => `/editor/${documentId}/preview/draft`;

export function RevisionPreview({
  documentId,
  revisionId,
  label,
  onRestore,
  onClose,
}: {
  documentId: number;
  revisionId: number;
  /** "Published Today 14:02 by Dana": what the revision is. */
  label: string;
  onRestore: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="editor-revision-preview" aria-labelledby="revision-preview-heading" onClose={onClose}>
      <h2 id="revision-preview-heading">Compare: {label}</h2>
      <div className="editor-revision-preview__frames">
        <figure>
          <figcaption>This revision</figcaption>
          <iframe
            title={`Revision: ${label}`}
            src={revisionPreviewUrl(documentId, revisionId)}
            sandbox="allow-same-origin"
            data-testid="revision-frame"
          />
        </figure>
        <figure>
          <figcaption>Current draft (as last saved)</figcaption>
          <iframe title="Current draft" src={draftPreviewUrl(documentId)} sandbox="allow-same-origin" data-testid="draft-frame" />
        </figure>
      </div>
      <div className="editor-revision-preview__actions">
        <button type="button" className="button-primary" onClick={onRestore}>
          Restore this revision
        </button>
        <button type="button" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
