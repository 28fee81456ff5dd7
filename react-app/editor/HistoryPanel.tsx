import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useEffect, useId, useRef, useState } from 'react';
import { Drawer, type DrawerState } from './Drawer';
import type { ElementChange } from '../../core/documents/element-diff';
import type { ElementNode } from '../../core/wire/document';
import type { RevisionDetail, RevisionSummary } from '../../core/wire/document-revision';
import { pageSiteTimeZone } from '../../core/schedule/site-time';
import { RevisionPreview } from './RevisionPreview';
import type { DocumentWrite } from './useDocumentSaving';

// The document's revisions (every save and publish: who, when, what changed), the element differences of
// one of them against the revision before it, and restoring it as the draft.

const ACTION_LABEL: Record<RevisionSummary['action'], string> = {
  draft: 'Saved draft',
  autosave: 'Autosaved',
  publish: 'Published',
  restore: 'Restored a revision',
  schedule: 'Scheduled',
};

const KIND_LABEL: Record<ElementChange['kind'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed', moved: 'Moved' };

/**
 * "Today 14:02", "Yesterday 09:15", else the date: on the site's clock (its time zone), as the Schedule panel
 * shows times, whatever the editor's browser is set to.
 */
export function whenLabel(at: number, now: number = Date.now(), timeZone: string = pageSiteTimeZone()): string {
  const time = new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone });
  const day = (t: number) => new Date(t).toLocaleDateString('en-CA', { timeZone });
  if (day(at) === day(now)) return `Today ${time}`;
  if (day(at) === day(now - 86_400_000)) return `Yesterday ${time}`;
  return `${new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone })} ${time}`;
}

function summary(r: RevisionSummary): string {
  const parts = (['added', 'removed', 'changed', 'moved'] as const).filter((k) => r.changes[k]).map((k) => `${r.changes[k]} ${k}`);
  return parts.length ? parts.join(', ') : 'no element changes';
}

export function HistoryPanel({
  documentId,
  version,
  write,
  onRestored,
  open,
  onOpenChange,
}: DrawerState & {
  documentId: number;
  /** Changes after every save, so the list refreshes. */
  version: number;
  write: DocumentWrite;
  onRestored: (tree: ElementNode[], version: number) => void;
}) {
  const opener = useRef<HTMLButtonElement>(null);
  const [items, setItems] = useState<RevisionSummary[] | null>(null);
  const [detail, setDetail] = useState<RevisionDetail | null>(null);
  const [message, setMessage] = useState('');
  const [comparing, setComparing] = useState(false);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    let live = true;
    api(editorApi.revisions, { params: { id: documentId } }).then(
      (r) => live && setItems(r.items),
      (e: Error) => live && setMessage(`The history could not be loaded: ${e.message}`),
    );
    return () => {
      live = false;
    };
  }, [open, documentId, version]);

  const show = async (id: number) => {
    try {
      setDetail(await api(editorApi.revision, { params: { id: documentId, rev: id } }));
    } catch (e) {
      setMessage(`That revision could not be loaded: ${(e as Error).message}`);
    }
  };

  const restore = async (r: RevisionDetail) => {
    try {
      const answer = await write(
        (base) => api(editorApi.restoreRevision, { params: { id: documentId, rev: r.id }, body: { base_version: base } }),
        (a) => a.document.version,
      );
      onRestored(answer.document.tree, answer.document.version);
      setMessage(`Restored the revision of ${whenLabel(r.created_at)} as your draft. Publish to show it to visitors.`);
      setDetail(null);
      setComparing(false);
    } catch (e) {
      setMessage(`Not restored: ${(e as Error).message}`);
    }
  };

  return (
    <>
      <button type="button" ref={opener} aria-expanded={open} aria-controls={panelId} onClick={() => onOpenChange(!open)}>
        History
      </button>
      <Drawer id={panelId} className="editor-history" label="Revision history" open={open} onOpenChange={onOpenChange} opener={opener}>
        <h2>History</h2>
        {message ? <p role="status">{message}</p> : null}
        {items && !items.length ? <p>No revisions yet: every save and publish will appear here.</p> : null}
        <ol className="editor-history__list">
          {(items ?? []).map((r) => (
            <li key={r.id}>
              <button type="button" aria-pressed={detail?.id === r.id} onClick={() => void show(r.id)}>
                <strong>{ACTION_LABEL[r.action]}</strong> <span>{whenLabel(r.created_at)}</span> <span>by {r.user_name || 'someone'}</span>
                <small>{summary(r)}</small>
              </button>
            </li>
          ))}
        </ol>
        {detail ? (
          <div className="editor-history__detail" aria-label={`Revision of ${whenLabel(detail.created_at)}`} role="group">
            <h3>
              {ACTION_LABEL[detail.action]} {whenLabel(detail.created_at)} by {detail.user_name || 'someone'}
            </h3>
            {detail.diff.length ? (
              <ul>
                {detail.diff.map((c) => (
                  <li key={`${c.kind}-${c.id}`}>
                    {KIND_LABEL[c.kind]} {c.label} <code>{c.id}</code>
                    {c.keys.length ? `: ${c.keys.join(', ')}` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No element changed in this revision.</p>
            )}
            <button type="button" onClick={() => setComparing(true)}>
              Preview beside the draft
            </button>{' '}
            <button type="button" className="button-primary" onClick={() => void restore(detail)}>
              Restore as draft
            </button>
            {comparing ? (
              <RevisionPreview
                documentId={documentId}
                revisionId={detail.id}
                label={`${ACTION_LABEL[detail.action]} ${whenLabel(detail.created_at)} by ${detail.user_name || 'someone'}`}
                onRestore={() => void restore(detail)}
                onClose={() => setComparing(false)}
              />
            ) : null}
          </div>
        ) : null}
      </Drawer>
    </>
  );
}
