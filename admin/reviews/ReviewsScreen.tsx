import { useId, useState } from 'react';
import { api } from '../../core/api/client';
import * as editorial from '../../core/api/editorial';
import { CHANGES_NEED_COMMENT, type ReviewQueueItem } from '../../core/wire/editorial';
import { HttpError } from '../../core/http';
import { pageSiteTimeZone } from '../../core/schedule/site-time';
import { AdminStatus } from '../admin-status';
import { AdminTable } from '../admin-table';
import { FormError, errorProps } from '../../react-app/forms/admin-field';
import { useAdminData } from '../use-admin-data';

// The review queue (docs/editor.md, "Roles and approval"): drafts submitted for review, oldest first, then the
// latest decisions. Publishers approve (publishes, or schedules at the asked time) or ask for changes with a
// comment; everyone opens the draft in the editor. The server checks each action against the role's policy.

const ZONE = pageSiteTimeZone();
const when = (at: number): string => new Date(at).toLocaleString(undefined, { timeZone: ZONE, dateStyle: 'medium', timeStyle: 'short' });
const STATUS: Record<ReviewQueueItem['status'], string> = {
  pending: 'Waiting',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

function Decide({ item, onDone }: { item: ReviewQueueItem; onDone: (message: string) => void }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `review-${item.id}-comment${useId().replace(/:/g, '')}`;
  const run = async (kind: 'approve' | 'changes') => {
    if (kind === 'changes' && !comment.trim()) {
      setError(CHANGES_NEED_COMMENT);
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      if (kind === 'approve') await api(editorial.approveReview, { params: { id: item.document_id }, body: { comment } });
      else await api(editorial.requestChanges, { params: { id: item.document_id }, body: { comment } });
      onDone(kind === 'approve' ? `Approved “${item.title}”.` : `Asked for changes to “${item.title}”.`);
    } catch (e) {
      setError(e instanceof HttpError ? (e.fields.comment ?? e.message) : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="review-decide">
      <label htmlFor={id}>
        Comment<span className="visually-hidden"> on {item.title}</span>
      </label>
      <textarea id={id} rows={2} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} {...errorProps(id, error)} />
      <FormError id={`${id}-error`} error={error} />
      <button type="button" className="button" disabled={busy} onClick={() => void run('approve')}>
        Approve<span className="visually-hidden"> {item.title}</span>
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => void run('changes')}>
        Request changes<span className="visually-hidden"> to {item.title}</span>
      </button>
    </div>
  );
}

export function ReviewsScreen({ canPublish }: { canPublish: boolean }) {
  const [message, setMessage] = useState('');
  const [data, reload] = useAdminData(editorial.reviewQueue, setMessage);
  if (!data) return message ? <p role="alert">{message}</p> : <p>Loading…</p>;
  return (
    <>
      <AdminStatus message={message} />
      {data.items.length ? (
        <AdminTable caption="Submissions" columns={['Document', 'Submitted', 'Status', 'Comments', 'Action']} className="reviews-table">
          {data.items.map((r) => (
            <tr key={r.id}>
              <td>
                <a href={`/editor/${r.document_id}`}>{r.title}</a> ({r.type})
              </td>
              <td>
                {r.submitted_by}, {when(r.submitted_at)}
                {r.publish_at ? ` · go live ${when(r.publish_at)}` : ''}
                {r.changed_since ? ' · changed since' : ''}
              </td>
              <td>{STATUS[r.status]}</td>
              <td>
                {r.note ? <p>{`${r.submitted_by}: “${r.note}”`}</p> : null}
                {r.comment && r.decided_by ? <p>{`${r.decided_by}: “${r.comment}”`}</p> : null}
              </td>
              <td>
                {r.status === 'pending' && canPublish ? (
                  <Decide
                    item={r}
                    onDone={(m) => {
                      setMessage(m);
                      void reload();
                    }}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p>Nothing has been submitted for review.</p>
      )}
    </>
  );
}
