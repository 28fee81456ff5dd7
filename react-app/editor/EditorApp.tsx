import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Runtime } from '../../core/runtime';
import { widgets } from '../widgets';
import type { ControlSchema, ElementNode } from '../widgets/types';
import { request, track } from './api';
import { createHistory, record, redo, undo, type History } from './history';
import { PageVitals } from './PageVitals';
import { Preview } from './Preview';
import { SettingsPanel } from './SettingsPanel';
import { StructurePanel } from './StructurePanel';
import type { EditorDocument } from '../../core/wire/editor-document';
import { duplicateNode, findNode, insertNode, locate, moveNode, newElement, removeNode, updateSettings } from './tree-ops';

export type { EditorDocument } from '../../core/wire/editor-document';

const NO_DATA: Record<string, unknown> = {};

const ADDABLE = Object.values(widgets).filter((w) => w.controls);

function hasHandlers(runtime: Runtime, root: HTMLElement | null): boolean {
  if (!root) return false;
  return [root, ...root.querySelectorAll<HTMLElement>('[data-element_type]')].some((el) => runtime.handlersOf(el).length > 0);
}

export function EditorApp({ initial, runtime, uploadUrl }: { initial: EditorDocument; runtime: Runtime; uploadUrl: string }) {
  const [history, setHistory] = useState<History<ElementNode[]>>(() => createHistory(initial.tree));
  const [selected, setSelected] = useState<string | null>(null);
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState(initial.has_draft ? 'Showing your unpublished draft.' : '');
  const [busy, setBusy] = useState(false);
  const [addType, setAddType] = useState(ADDABLE[0]?.type ?? 'heading');
  const [dirty, setDirty] = useState(false);
  const tree = history.present;
  const treeRef = useRef(tree);
  useLayoutEffect(() => {
    treeRef.current = tree;
  }, [tree]);

  const node = selected ? findNode(tree, selected) : null;
  const definition = node?.widgetType ? (widgets[node.widgetType] ?? null) : null;

  const previewEl = (id: string) => document.querySelector<HTMLElement>(`.editor-preview [data-id="${CSS.escape(id)}"]`);
  const remountTop = useCallback((id: string) => {
    const top = locate(treeRef.current, id)?.path[0];
    if (top) setRevisions((r) => ({ ...r, [top]: (r[top] ?? 0) + 1 }));
  }, []);

  const commit = (next: ElementNode[], key: string | null = null) => {
    setHistory((h) => record(h, next, key));
    setDirty(true);
  };

  const onChange = (control: ControlSchema, value: unknown) => {
    if (!node) return;
    const old = node.settings[control.key];
    let v: unknown = value;
    if (control.subKey) v = { ...(old && typeof old === 'object' ? (old as Record<string, unknown>) : {}), [control.subKey]: value };
    else if (control.type === 'slider')
      v = { unit: control.unit ?? 'px', ...(old && typeof old === 'object' ? (old as Record<string, unknown>) : {}), size: value };
    const changed = { [control.key]: v };
    commit(updateSettings(tree, node.id, changed), `${node.id}:${control.key}:${control.subKey ?? ''}`);
    const el = previewEl(node.id);
    if (control.live && el && runtime.handlersOf(el).length) {
      void runtime.updateSettings(el, changed); // in place: the carousel keeps its Swiper instance
    } else if (control.type !== 'richtext' && hasHandlers(runtime, previewEl(locate(tree, node.id)?.path[0] ?? node.id))) {
      remountTop(node.id);
    }
  };

  const structural = (next: ElementNode[], select: string | null, action: string) => {
    commit(next);
    setSelected(select);
    track('editor_action', { action_type: action });
  };

  const add = () => {
    const def = widgets[addType];
    const el = addType === 'container' ? newElement('container', {}, tree) : newElement(addType, def?.defaults ?? {}, tree);
    structural(insertNode(tree, el, selected), el.id, 'add');
    if (addType !== 'container') track('editor_action', { action_type: 'add', widget_type: addType });
  };

  const restore = (h: History<ElementNode[]>) => {
    setHistory(h);
    setGeneration((g) => g + 1); // handlers re-read every element's settings
    setDirty(true);
  };

  const save = async (publish: boolean) => {
    setBusy(true);
    setStatus(publish ? 'Publishing…' : 'Saving draft…');
    try {
      const doc = await request<EditorDocument>(`/wp-json/site/v1/documents/${initial.id}/${publish ? 'publish' : 'draft'}`, {
        method: publish ? 'POST' : 'PUT',
        body: { tree },
      });
      setStatus(publish ? `Published. Visitors now see this version.` : 'Draft saved. Visitors still see the published version.');
      setDirty(false);
      if (JSON.stringify(doc.tree) !== JSON.stringify(tree)) {
        setHistory((h) => record(h, doc.tree));
        setGeneration((g) => g + 1);
      }
      track('editor_action', { action_type: publish ? 'publish' : 'save_draft' });
    } catch (error) {
      setStatus(`Not saved: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement).closest('input, textarea, select, .tox')) return;
      if (e.key.toLowerCase() === 'z') {
        e.preventDefault();
        restore(e.shiftKey ? redo(history) : undo(history));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const selectedLabel = useMemo(
    () => (node ? (node.elType === 'container' ? 'container' : (definition?.title ?? 'widget')) : ''),
    [node, definition],
  );

  return (
    <div className="editor-app">
      <div className="editor-toolbar" role="toolbar" aria-label="Document">
        <h1 className="editor-title">Editing “{initial.title}”</h1>
        <button type="button" onClick={() => restore(undo(history))} disabled={!history.past.length}>
          Undo
        </button>
        <button type="button" onClick={() => restore(redo(history))} disabled={!history.future.length}>
          Redo
        </button>
        <button type="button" onClick={() => void save(false)} disabled={busy}>
          Save draft
        </button>
        <button type="button" className="button-primary" onClick={() => void save(true)} disabled={busy}>
          Publish
        </button>
        {initial.type === 'page' ? (
          <a href={`/${initial.slug === 'home' ? '' : initial.slug}`} target="_blank" rel="noopener">
            View page
          </a>
        ) : null}
        {initial.type === 'page' ? <PageVitals path={`/${initial.slug === 'home' ? '' : initial.slug}`} /> : null}
        <p className="editor-status" role="status">
          {status}
        </p>
      </div>
      <div className="editor-columns">
        <aside className="editor-panel editor-panel--structure" aria-labelledby="structure-heading">
          <h2 id="structure-heading">Structure</h2>
          <StructurePanel tree={tree} selected={selected} onSelect={setSelected} />
          <div className="editor-add">
            <label htmlFor="editor-add-type">Element to add</label>
            <select id="editor-add-type" value={addType} onChange={(e) => setAddType(e.target.value)}>
              <option value="container">Container</option>
              {ADDABLE.map((w) => (
                <option key={w.type} value={w.type}>
                  {w.title}
                </option>
              ))}
            </select>
            <button type="button" onClick={add}>
              Add
            </button>
          </div>
          {node ? (
            <div className="editor-actions" role="group" aria-label={`Selected ${selectedLabel}`}>
              <button type="button" onClick={() => structural(moveNode(tree, node.id, -1), node.id, 'move')}>
                Move up
              </button>
              <button type="button" onClick={() => structural(moveNode(tree, node.id, 1), node.id, 'move')}>
                Move down
              </button>
              <button
                type="button"
                onClick={() => {
                  const r = duplicateNode(tree, node.id);
                  structural(r.tree, r.id, 'duplicate');
                }}
              >
                Duplicate
              </button>
              <button type="button" onClick={() => structural(removeNode(tree, node.id), null, 'delete')}>
                Delete
              </button>
            </div>
          ) : null}
        </aside>
        <Preview
          tree={tree}
          revisions={revisions}
          generation={generation}
          documentId={initial.id}
          documentType={initial.type}
          widgetData={initial.widget_data ?? NO_DATA}
          selected={selected}
          onSelect={setSelected}
        />
        <aside className="editor-panel editor-panel--settings" aria-labelledby="settings-heading">
          <h2 id="settings-heading">Settings</h2>
          <SettingsPanel node={node} definition={definition} uploadUrl={uploadUrl} onChange={onChange} />
        </aside>
      </div>
    </div>
  );
}
