import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import * as editorial from '../../core/api/editorial';
import { CHANGES_NEED_COMMENT, type ReviewEntry, type ReviewState } from '../../core/wire/editorial';
import { fromSiteInput, pageSiteTimeZone } from '../../core/schedule/site-time';
import { RequestError } from './api';
import { Drawer, type DrawerState } from './Drawer';
import { AdminField, errorProps } from '../forms/admin-field';
import type { DocumentWrite } from './useDocumentSaving';

// Submit for review → approve or request changes, with comments (docs/editor.md, "Roles and approval"). A role
// set to review sees "Submit for review" instead of Publish; a publisher sees what waits, approves (which
// publishes, or schedules at the time the contributor asked for) or sends it back with a comment.

const ZONE = pageSiteTimeZone();
const when = (at: number): string => new Date(at).toLocaleString(undefined, { timeZone: ZONE, dateStyle: 'medium', timeStyle: 'short' });

function Thread({ reviews }: { reviews: ReviewEntry[] }) {
  if (!reviews.length) return null;
  return (
    <ol className="editor-review__thread" aria-label="Review history">
      {reviews.map((r) => (
        <li key={r.id}>
          <p>
            <strong>{r.submitted_by}</strong> submitted version {r.version} on {when(r.submitted_at)}
            {r.note ? `: “${r.note}”` : '.'}
          </p>
          {r.decided_by && r.decided_at ? (
            <p>
              <strong>{r.decided_by}</strong> {r.status === 'approved' ? 'approved' : 'asked for changes'} on {when(r.decided_at)}
              {r.comment ? `: “${r.comment}”` : '.'}
            </p>
          ) : (
            <p>Waiting for review.</p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** What this tab did last and, for a role set to review, where its submission stands (beside the top bar's button). */
function ReviewNotes({
  status,
  mayPublish,
  latest,
  pending,
}: {
  status: string;
  mayPublish: boolean;
  latest: ReviewEntry | undefined;
  pending: ReviewEntry | null;
}) {
  return (
    <>
      {status ? (
        <p className="editor-review__note" role="status">
          {status}
        </p>
      ) : null}
      {!mayPublish && latest?.status === 'changes_requested' ? (
        <p className="editor-review__note" role="status">
          {latest.decided_by} asked for changes{latest.comment ? `: “${latest.comment}”` : '.'}
        </p>
      ) : null}
      {!mayPublish && pending ? (
        <p className="editor-review__note" role="status">
          Waiting for review since {when(pending.submitted_at)}.
        </p>
      ) : null}
    </>
  );
}

export interface ReviewPanelProps extends DrawerState {
  documentId: number;
  /** The role publishes this document itself (the server decides; this only chooses what to show). */
  mayPublish: boolean;
  /** Saves unsaved changes first: what is submitted or approved is the saved draft. */
  saveFirst: () => Promise<void>;
  write: DocumentWrite;
  /** The document moved on (approved and published, or scheduled): the editor follows the new version. */
  onVersion: (version: number) => void;
}

export function ReviewPanel({ documentId, mayPublish, saveFirst, write, onVersion, open, onOpenChange }: ReviewPanelProps) {
  const opener = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<ReviewState | null>(null);
  const [text, setText] = useState('');
  const [publishAt, setPublishAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [status, onStatus] = useState('');
  const id = useId();

  const load = useCallback(
    () => api(editorial.documentReview, { params: { id: documentId } }).then(setState, () => undefined),
    [documentId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const latest = state?.reviews[0];
  const pending = latest?.status === 'pending' ? latest : null;
  if (!state || (mayPublish && !state.reviews.length)) return null;

  const act = async (kind: 'submit' | 'approve' | 'changes') => {
    if (kind === 'changes' && !text.trim()) {
      setErrors({ comment: CHANGES_NEED_COMMENT });
      document.getElementById(`${id}-comment`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (kind === 'submit') {
        await saveFirst();
        const at = fromSiteInput(publishAt, ZONE);
        setState(await api(editorial.submitReview, { params: { id: documentId }, body: { note: text, publish_at: at } }));
        onStatus('Submitted for review. A publisher will approve it or ask for changes.');
      } else if (kind === 'approve') {
        await saveFirst();
        const { review, doc } = await write(
          async (base) => ({
            review: await api(editorial.approveReview, { params: { id: documentId }, body: { comment: text, base_version: base } }),
            doc: await api(editorApi.document, { params: { id: documentId } }),
          }),
          (answer) => answer.doc.version,
        );
        setState(review);
        if (doc.version !== undefined) onVersion(doc.version);
        onStatus(
          doc.publish_at ? `Approved. It goes live ${when(doc.publish_at)}.` : 'Approved and published. Visitors now see this version.',
        );
      } else {
        setState(await api(editorial.requestChanges, { params: { id: documentId }, body: { comment: text } }));
        onStatus('Sent back with your comment.');
      }
      setText('');
      setPublishAt('');
      onOpenChange(false);
    } catch (e) {
      if (e instanceof RequestError) setErrors(e.fields);
      onStatus(`Not done: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  const field = (key: 'note' | 'comment', label: string) => (
    <AdminField id={`${id}-${key}`} label={label} error={errors[key]}>
      <textarea
        id={`${id}-${key}`}
        value={text}
        rows={3}
        maxLength={2000}
        onChange={(e) => setText(e.target.value)}
        {...errorProps(`${id}-${key}`, errors[key])}
      />
    </AdminField>
  );

  const label = mayPublish ? (pending ? 'Review (waiting)' : 'Review') : 'Submit for review';
  return (
    <>
      <button type="button" ref={opener} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => onOpenChange(!open)}>
        {label}
      </button>
      <ReviewNotes status={status} mayPublish={mayPublish} latest={latest} pending={pending} />
      <Drawer
        id={`${id}-panel`}
        className="editor-history editor-review"
        label="Review"
        open={open}
        onOpenChange={onOpenChange}
        opener={opener}
      >
        <h2>Review</h2>
        {mayPublish && pending ? (
          <>
            <p>
              {pending.submitted_by} submitted this draft for review{pending.note ? `: “${pending.note}”` : '.'}
              {pending.publish_at ? ` Asked to go live ${when(pending.publish_at)}.` : ''}
            </p>
            {field('comment', 'Comment (needed to ask for changes)')}
            <div className="editor-review__actions">
              <button type="button" className="button-primary" disabled={busy} onClick={() => void act('approve')}>
                {pending.publish_at ? 'Approve and schedule' : 'Approve and publish'}
              </button>
              <button type="button" disabled={busy} onClick={() => void act('changes')}>
                Request changes
              </button>
            </div>
          </>
        ) : !mayPublish && !pending ? (
          <>
            {field('note', 'Note for the reviewer (optional)')}
            <div className="admin-field">
              <label htmlFor={`${id}-publish_at`}>{`Publish at, once approved (optional, site time, ${ZONE})`}</label>
              <input
                id={`${id}-publish_at`}
                type="datetime-local"
                value={publishAt}
                onChange={(e) => setPublishAt(e.target.value)}
                aria-invalid={errors.publish_at ? true : undefined}
                aria-describedby={errors.publish_at ? `${id}-publish_at-error` : undefined}
              />
              {errors.publish_at ? (
                <p className="form-error" id={`${id}-publish_at-error`}>
                  {errors.publish_at}
                </p>
              ) : null}
            </div>
            <div className="editor-review__actions">
              <button type="button" className="button-primary" disabled={busy} onClick={() => void act('submit')}>
                Send for review
              </button>
            </div>
          </>
        ) : null}
        <Thread reviews={state.reviews} />
      </Drawer>
    </>
  );
}
