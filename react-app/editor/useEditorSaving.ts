import { useRef, useState } from 'react';
import { track } from '../../core/events/track';
import type { EditorDocument } from '../../core/wire/editor-document';
import type { ElementNode } from '../widgets/types';
import { useTasks } from '../hooks/use-tasks';
import { useAutosave } from './useAutosave';
import { useDocumentSaving, type SaveMode } from './useDocumentSaving';

/** What saving needs of the editor's tree (useEditorTree). */
export interface SavedTree {
  tree: ElementNode[];
  /** The tree with the keys still waiting for their paint applied. */
  settled: () => ElementNode[];
  dirty: boolean;
  setDirty: (dirty: boolean) => void;
  replaceTree: (tree: ElementNode[]) => void;
}

/**
 * Saving the tree (draft, autosave after a few idle seconds, publish), with its status line and the saved version. Each kind of save runs at
 * most once at a time (a second click on Publish is refused), and the writes go one after another from the version
 * the last one left (useDocumentSaving): a Publish clicked while an autosave is on its way publishes after it. Keyed
 * on one task for all three, that click was dropped: the autosave's "Draft saved" stayed and nothing was published.
 */
export function useEditorSaving(initial: EditorDocument, edit: SavedTree) {
  const { setDirty, replaceTree } = edit;
  const [status, setStatus] = useState(initial.has_draft ? 'Showing your unpublished draft.' : '');
  const saving = useDocumentSaving(initial.id, initial.version ?? 0);
  const [savedVersion, setSavedVersion] = useState(initial.version ?? 0);
  const tasks = useTasks<SaveMode>();
  // The save started last: one that ends under a later one (an autosave a Publish waits for) leaves it the line.
  const last = useRef(0);
  const save = async (mode: SaveMode): Promise<void> => {
    const publish = mode === 'publish';
    const tree = edit.settled();
    await tasks.run(
      mode,
      async () => {
        const ticket = ++last.current;
        setStatus(publish ? 'Publishing…' : mode === 'autosave' ? 'Autosaving…' : 'Saving draft…');
        const doc = await saving.send(tree, mode);
        setSavedVersion(doc.version ?? 0);
        if (ticket === last.current)
          setStatus(publish ? 'Published. Visitors now see this version.' : 'Draft saved. Visitors still see the published version.');
        // Edits made while saving stay unsaved, and are never replaced by the server's copy: keys still waiting
        // for their paint count too.
        const now = edit.settled();
        setDirty(now !== tree);
        if (now === tree && JSON.stringify(doc.tree) !== JSON.stringify(tree)) replaceTree(doc.tree);
        if (mode !== 'autosave') track('editor_action', { action_type: publish ? 'publish' : 'save_draft' });
      },
      (message) => setStatus(`Not saved: ${message}`),
    );
  };
  // The next autosave waits for any save running, and for a conflict to be settled.
  useAutosave({ dirty: edit.dirty, paused: tasks.busy() || !!saving.conflict, change: edit.tree, save: (mode) => void save(mode) });
  /** A version the server answered (a restore, a schedule, settings saved): the next save starts from it. */
  const follow = (v: number) => {
    saving.follow(v);
    setSavedVersion(v);
  };
  /** Saves a draft first when there are unsaved changes (before a schedule or a preview link). */
  const saveFirst = () => (edit.dirty ? save('draft') : Promise.resolve());
  return {
    saving,
    save,
    /** A save the editor asked for runs: Save draft and Publish wait for it (an autosave does not hold them). */
    busy: tasks.busy('draft') || tasks.busy('publish'),
    status,
    setStatus,
    savedVersion,
    setSavedVersion,
    follow,
    saveFirst,
  };
}
