import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useState, type ReactNode } from 'react';
import { fieldErrors, type FieldErrors } from '../../core/http';
import type { EditorDocument } from '../../core/wire/editor-document';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';
import { TrashDialog, type TrashTarget } from './TrashDialog';
import type { CreatableType, DocumentAction } from '../../core/wire/editorial';

// Pages, popups, loop items and section templates: create, open in the editor, duplicate, rename, trash
// and restore. Trashed documents are never shown to visitors.

/** A document of the list (GET …/documents answers a view of EditorDocument; the screen reads these fields). */
type Row = Pick<EditorDocument, 'id' | 'type' | 'slug' | 'title' | 'status'> & { actions: DocumentAction[] };

/** The types this screen creates, by name; it offers those the caller's roles may create (the list's `creatable`). */
const TYPE_NAMES: Record<CreatableType, string> = {
  page: 'Page',
  popup: 'Popup',
  'loop-item': 'Loop item',
  template: 'Section template',
  theme: 'Theme template',
};
const ROW_ACTIONS = { duplicate: editorApi.duplicateDocument, restore: editorApi.restoreDocument };

export function DocumentsScreen() {
  const [type, setType] = useState<CreatableType>('page');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState('');
  const [renaming, setRenaming] = useState<number | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [trashing, setTrashing] = useState<TrashTarget | null>(null);
  /** The document just trashed, offered back with Undo until the next action. */
  const [undoable, setUndoable] = useState<TrashTarget | null>(null);

  const [list, load] = useAdminData(editorApi.documents, setStatus);
  const rows = list?.items ?? [];
  const offered = list?.creatable ?? [];
  // A type the role may not create is never sent: the first one it may, until the editor picks another.
  const chosen = offered.includes(type) ? type : offered[0];

  const act = async (what: string, fn: () => Promise<unknown>) => {
    setErrors({});
    setUndoable(null);
    try {
      await fn();
      setStatus(what);
      await load();
    } catch (e) {
      setErrors(fieldErrors(e));
      setStatus(`Not done: ${(e as Error).message}`);
    }
  };
  /** A row's button that POSTs one action (duplicate, restore) and says what it did. Trash asks first. */
  const rowAction = (r: Row, label: string, action: 'duplicate' | 'restore', done: string) => (
    <button
      type="button"
      aria-label={`${label} ${r.title}`}
      onClick={() => void act(done, () => api(ROW_ACTIONS[action], { params: { id: r.id } }))}
    >
      {label}
    </button>
  );

  return (
    <div className="admin-documents">
      {list && !chosen ? <p>Your role may not create documents.</p> : null}
      <form
        hidden={!chosen}
        className="admin-documents__new"
        aria-label="New document"
        onSubmit={(e) => {
          e.preventDefault();
          if (!chosen) return;
          void act('Created.', async () => {
            const doc = await api(editorApi.createDocument, { body: { type: chosen, title } });
            setTitle('');
            location.assign(`/editor/${doc.id}`);
          });
        }}
      >
        <label htmlFor="new-doc-type">Type</label>
        <select id="new-doc-type" value={chosen ?? ''} onChange={(e) => setType(e.target.value as CreatableType)}>
          {offered.map((v) => (
            <option key={v} value={v}>
              {TYPE_NAMES[v]}
            </option>
          ))}
        </select>
        <label htmlFor="new-doc-title">Title</label>
        <input
          id="new-doc-title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-describedby={errors.title ? 'new-doc-title-error' : undefined}
        />
        {errors.title ? (
          <p className="editor-field-error" id="new-doc-title-error">
            {errors.title}
          </p>
        ) : null}
        <button type="submit">Create and edit</button>
      </form>
      <p role="status">
        {status}
        {undoable ? (
          <>
            {' '}
            <button
              type="button"
              onClick={() => void act(`Restored ${undoable.title}.`, () => api(editorApi.restoreDocument, { params: { id: undoable.id } }))}
            >
              Undo
            </button>
          </>
        ) : null}
      </p>
      <TrashDialog
        key={trashing?.id ?? 'none'}
        target={trashing}
        onClose={() => setTrashing(null)}
        onTrashed={(t) => {
          setTrashing(null);
          setStatus(`Moved ${t.title} to the trash.`);
          setUndoable(t);
          void load();
        }}
      />
      <AdminTable caption="Documents" captionVisible columns={['Title', 'Type', 'Slug', 'Status', 'Actions']}>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              {renaming === r.id ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act('Renamed.', async () => {
                      await api(editorApi.updateDocument, { params: { id: r.id }, body: { title: newTitle } });
                      setRenaming(null);
                    });
                  }}
                >
                  <label htmlFor={`rename-${r.id}`}>New title for {r.title}</label>
                  <input id={`rename-${r.id}`} value={newTitle} onChange={(e) => setNewTitle(e.target.value)} />
                  <button type="submit">Save</button>
                </form>
              ) : (
                <a href={`/editor/${r.id}`}>{r.title}</a>
              )}
            </td>
            <td>{(TYPE_NAMES as Partial<Record<string, string>>)[r.type] ?? r.type}</td>
            <td>{r.slug}</td>
            <td>{r.status === 'publish' ? 'Published' : r.status === 'trash' ? 'In the trash' : 'Draft'}</td>
            <RowActions
              row={r}
              rowAction={rowAction}
              onRename={() => {
                setRenaming(r.id);
                setNewTitle(r.title);
              }}
              onTrash={() => setTrashing({ id: r.id, title: r.title })}
            />
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}

/** A row's actions: only what the caller's roles may do (the server says which, by the rule it enforces). */
function RowActions({
  row: r,
  rowAction,
  onRename,
  onTrash,
}: {
  row: Row;
  rowAction: (r: Row, label: string, action: 'duplicate' | 'restore', done: string) => ReactNode;
  onRename: () => void;
  onTrash: () => void;
}) {
  return (
    <td className="admin-buttons">
      {r.actions.includes('rename') ? (
        <button type="button" onClick={onRename} aria-label={`Rename ${r.title}`}>
          Rename
        </button>
      ) : null}
      {r.actions.includes('duplicate') ? rowAction(r, 'Duplicate', 'duplicate', `Duplicated ${r.title}.`) : null}
      {r.actions.includes('restore') ? rowAction(r, 'Restore', 'restore', `Restored ${r.title}.`) : null}
      {r.actions.includes('trash') ? (
        <button type="button" aria-label={`Trash ${r.title}`} onClick={onTrash}>
          Trash
        </button>
      ) : null}
    </td>
  );
}
