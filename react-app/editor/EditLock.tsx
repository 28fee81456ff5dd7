import { useCallback, useEffect, useState } from 'react';
import { api } from '../../core/api/client';
import * as editorial from '../../core/api/editorial';
import { LOCK_HEARTBEAT_MS, type LockState } from '../../core/wire/editorial';
import { editSessionToken, onTakenOver } from './edit-session';
import { pageSiteTimeZone } from '../../core/schedule/site-time';

// The soft lock (docs/editor.md, "Roles and approval"): a heartbeat every 15 s (and when the tab comes back)
// holds the document. Opening a document someone else is editing says who and offers to take over; the editor
// taken over is told at its next heartbeat or save. It warns, it does not stop anyone reading.

const ago = (at: number): string => {
  const s = Math.max(0, Math.round((Date.now() - at) / 1000));
  return s < 5 ? 'just now' : s < 60 ? `${s} seconds ago` : `${Math.round(s / 60)} minutes ago`;
};
/** On the site's clock, as History and Schedule. */
const clock = (at: number): string =>
  new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone: pageSiteTimeZone() });

export function EditLock({ documentId, documentType }: { documentId: number; documentType: string }) {
  const [state, setState] = useState<LockState | null>(null);
  const [message, setMessage] = useState('');
  // Once taken over, this tab says so until its editor takes the document back.
  const [yielded, setYielded] = useState(false);

  const beat = useCallback(
    async (take = false) => {
      try {
        const next = await api(editorial.lock, { params: { id: documentId }, body: { token: editSessionToken, take } });
        if (next.taken_over) setYielded(true);
        if (next.held) {
          setYielded(false);
          setMessage(take ? 'You took over: you are editing now.' : '');
        }
        setState(next);
      } catch {
        /* a missed heartbeat is not an error: the next one tries again */
      }
    },
    [documentId],
  );

  useEffect(() => {
    const first = window.setTimeout(() => void beat(), 0);
    const timer = window.setInterval(() => void beat(), LOCK_HEARTBEAT_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void beat();
    };
    document.addEventListener('visibilitychange', onVisible);
    // Leaving the editor frees the document at once (the heartbeat would let it go stale within a minute anyway).
    const release = () =>
      void api(editorial.releaseLock, { params: { id: documentId }, body: { token: editSessionToken }, keepalive: true }).catch(
        () => undefined,
      );
    window.addEventListener('pagehide', release);
    const stop = onTakenOver(() => void beat());
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pagehide', release);
      stop();
    };
  }, [beat, documentId]);

  const noun = documentType === 'popup' ? 'popup' : documentType === 'page' ? 'page' : 'document';
  if (!state || state.held || !state.holder)
    return message ? (
      <p className="editor-lock__status" role="status">
        {message}
      </p>
    ) : null;
  const { holder } = state;
  return (
    <section className="editor-lock" role="alert" aria-labelledby="editor-lock-title">
      <h2 id="editor-lock-title">
        {state.taken_over || yielded ? `${holder.name} took over this ${noun}` : `${holder.name} is editing this ${noun}`}
      </h2>
      <p>
        {state.taken_over || yielded
          ? `${holder.name} took over at ${clock(holder.since)}. Your changes since then are not saved; reload to see their version.`
          : `Active ${ago(holder.heartbeat_at)}. If you both edit, one of you will have to reload the other's version.`}
      </p>
      <div className="editor-lock__actions">
        <button type="button" className="button-primary" onClick={() => void beat(true)}>
          Take over
        </button>
        {state.taken_over || yielded ? (
          <button type="button" onClick={() => location.reload()}>
            Reload
          </button>
        ) : null}
      </div>
    </section>
  );
}
