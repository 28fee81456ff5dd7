import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useCallback, useRef, useState } from 'react';
import type { ElementNode } from '../../core/wire/document';
import type { EditorDocument } from '../../core/wire/editor-document';
import { RequestError } from './api';
import { editSessionToken, reportTakenOver, TAKEN_OVER_CODE } from './edit-session';

// Saves carry the version the editor started from; the server answers 409 when someone saved in between.
// This hook keeps that version, turns a 409 into a conflict for the ConflictDialog, and offers the two ways
// out: reload their version, or keep ours as a new draft on top of theirs (theirs stays in the history).

export type SaveMode = 'draft' | 'autosave' | 'publish';

/**
 * One write of the document (a tree save, the settings, a restore, a schedule, an approval), run after the writes
 * before it and from the version the last one left; `versionOf` reads the version its answer moved the document to.
 * Two writes sent together would both start from one version and the second would be refused with 409, shown as
 * "someone else saved" although the editor itself did (an autosave beside a settings save).
 */
export type DocumentWrite = <T>(work: (baseVersion: number) => Promise<T>, versionOf: (answer: T) => number | undefined) => Promise<T>;

export interface DocumentSaving {
  /** Saves and returns the stored document; throws RequestError (a 409 also sets `conflict`). */
  send: (tree: ElementNode[], mode: SaveMode) => Promise<EditorDocument>;
  /** The server's message naming who saved in between, while a conflict is open. */
  conflict: string | null;
  reload: () => Promise<EditorDocument>;
  keepMine: (tree: ElementNode[]) => Promise<EditorDocument>;
  /** After a restore from the history the document moved on: follow it. */
  follow: (version: number) => void;
  version: () => number;
  write: DocumentWrite;
}

export function useDocumentSaving(documentId: number, initialVersion: number): DocumentSaving {
  const version = useRef(initialVersion);
  const [conflict, setConflict] = useState<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const write = useCallback<DocumentWrite>((work, versionOf) => {
    const run = queue.current.then(async () => {
      const answer = await work(version.current);
      version.current = versionOf(answer) ?? version.current;
      return answer;
    });
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  const send = useCallback(
    async (tree: ElementNode[], mode: SaveMode) => {
      try {
        return await write(
          (base) =>
            api(mode === 'publish' ? editorApi.publish : editorApi.saveDraft, {
              params: { id: documentId },
              body: {
                tree,
                base_version: base,
                lock_token: editSessionToken,
                ...(mode === 'autosave' ? { autosave: true } : {}),
              },
            }),
          (doc) => doc.version,
        );
      } catch (error) {
        // Someone took the document over from this tab: the lock banner says who (no "keep mine" over theirs).
        if (error instanceof RequestError && error.code === TAKEN_OVER_CODE) reportTakenOver(error.message);
        else if (error instanceof RequestError && error.status === 409) setConflict(error.message);
        throw error;
      }
    },
    [documentId, write],
  );

  const latest = useCallback(async () => {
    const doc = await api(editorApi.document, { params: { id: documentId } });
    version.current = doc.version ?? version.current;
    setConflict(null);
    return doc;
  }, [documentId]);

  const keepMine = useCallback(
    async (tree: ElementNode[]) => {
      await latest();
      return send(tree, 'draft');
    },
    [latest, send],
  );

  const follow = useCallback((v: number) => {
    version.current = v;
  }, []);

  const current = useCallback(() => version.current, []);

  return { send, conflict, reload: latest, keepMine, follow, version: current, write };
}
