import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { memo, useCallback, useEffect, useState } from 'react';
import type { ElementNode } from '../widgets/types';
import { messageFor, useTasks } from '../hooks/use-tasks';

const titleMessage = messageFor('title');

// Section and page templates in the editor: insert a saved template into the page (after the selection, with
// fresh element ids), and save the selected element as a new template. Templates are documents of type
// 'template' (the same API as the documents screen), so they also show in the templates library and kits.

interface TemplateSummary {
  id: number;
  title: string;
  status: string;
}

interface CloudSummary {
  id: number;
  title: string;
  doc_type: string;
}

/**
 * Memoised, with constant props while typing: the selection is read when saved (`selection()`, the latest), and
 * only whether there is one is shown, so a key typed in a control does not render the panel again.
 */
export const TemplatesPanel = memo(function TemplatesPanel({
  hasSelection,
  selection,
  onInsert,
}: {
  hasSelection: boolean;
  selection: () => ElementNode | null;
  onInsert: (tree: ElementNode[], title: string) => void;
}) {
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(null);
  const [cloud, setCloud] = useState<CloudSummary[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const tasks = useTasks<'insert' | 'save'>(titleMessage);
  const busy = tasks.busy();

  const load = useCallback(
    () =>
      api(editorApi.documents, { query: { type: 'template' } }).then(
        (r) => setTemplates(r.items.filter((t) => t.status !== 'trash')),
        (e: Error) => setStatus(`Templates could not be loaded: ${e.message}`),
      ),
    [],
  );
  useEffect(() => {
    void load();
    // The Cloud catalogue (a local list, docs/editor.md): inserted like a site template.
    api(editorApi.cloudTemplates).then(
      (r) => setCloud(r.items.filter((t) => t.doc_type !== 'popup')),
      () => undefined,
    );
  }, [load]);

  const insertCloud = (t: CloudSummary) =>
    tasks.run(
      'insert',
      async () => {
        const found = await api(editorApi.cloudTemplate, { params: { id: t.id } });
        onInsert(found.tree, t.title);
        setStatus(`Inserted the template “${t.title}”.`);
      },
      (message) => setStatus(`Not inserted: ${message}`),
    );

  const insert = (t: TemplateSummary) =>
    tasks.run(
      'insert',
      async () => {
        const doc = await api(editorApi.document, { params: { id: t.id } });
        if (!doc.tree.length) setStatus(`The template “${t.title}” is empty.`);
        else {
          onInsert(doc.tree, t.title);
          setStatus(`Inserted the template “${t.title}”.`);
        }
      },
      (message) => setStatus(`Not inserted: ${message}`),
    );

  const save = async () => {
    const selected = selection();
    if (!selected) return;
    const title = name.trim();
    if (!title) {
      setError('Enter a name for the template.');
      document.getElementById('template-name')?.focus();
      return;
    }
    setError('');
    await tasks.run(
      'save',
      async () => {
        const created = await api(editorApi.createDocument, { body: { type: 'template', title } });
        try {
          await api(editorApi.publish, { params: { id: created.id }, body: { tree: [selected] } });
        } catch (e) {
          // An empty template would only confuse: take it back, and say why.
          await api(editorApi.trashDocument, { params: { id: created.id }, body: {} }).catch(() => undefined);
          throw e;
        }
        setName('');
        setStatus(`Saved “${title}” as a template.`);
        await load();
      },
      setError,
    );
  };

  return (
    <section className="editor-templates" aria-labelledby="templates-heading">
      <h2 id="templates-heading">Templates</h2>
      {hasSelection ? (
        <form
          className="editor-templates__save"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label htmlFor="template-name">Template name</label>
          <input
            id="template-name"
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'template-name-error' : undefined}
          />
          {error ? (
            <p className="editor-field-error" id="template-name-error">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy}>
            Save selection as template
          </button>
        </form>
      ) : (
        <p className="editor-help">Select an element to save it as a template.</p>
      )}
      {templates === null ? null : templates.length ? (
        <ul className="editor-templates__list" aria-label="Templates to insert">
          {templates.map((t) => (
            <li key={t.id}>
              <button type="button" disabled={busy} onClick={() => void insert(t)}>
                Insert “{t.title}”
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="editor-help">No templates yet.</p>
      )}
      {cloud.length ? (
        <ul className="editor-templates__list" aria-label="Cloud templates to insert">
          {cloud.map((t) => (
            <li key={t.id}>
              <button type="button" disabled={busy} onClick={() => void insertCloud(t)}>
                Insert “{t.title}” (Cloud)
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="editor-status" role="status">
        {status}
      </p>
    </section>
  );
});
