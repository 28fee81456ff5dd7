import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import type { Runtime } from '../../core/runtime';
import { deviceKey } from '../../core/wire/control-schema';
import { onlyStylesTheElement } from '../widgets/controls/element-style';
import { widgets } from '../widgets';
import type { ControlSchema, ElementNode } from '../widgets/types';
import { controlsOf } from '../widgets/controls/schema';
import { track } from '../../core/events/track';
import { createHistory, record, redo, undo, type History } from './history';
import { PageVitals } from './PageVitals';
import { Preview } from './Preview';
import { EditorPreferences } from './EditorPreferences';
import { SettingsPanel } from './SettingsPanel';
import { Navigator } from './Navigator';
import { WidgetPanel } from './WidgetPanel';
import { ElementActions } from './ElementActions';
import { DeviceSwitcher, type PreviewDevice } from './DeviceSwitcher';
import { dropTarget } from './drop-target';
import { DocumentSettings } from './DocumentSettings';
import type { EditorDocument } from '../../core/wire/editor-document';
import { ConflictDialog } from './ConflictDialog';
import { HistoryPanel } from './HistoryPanel';
import { PreviewAs } from './PreviewAs';
import { SchedulePanel } from './SchedulePanel';
import { SiteSettingsPanel } from './SiteSettingsPanel';
import { TemplatesPanel } from './TemplatesPanel';
import { applyKit, breakpointsOf, globalStyleCss, type SiteSettings } from '../../core/config/site-settings';
import { useAutosave } from './useAutosave';
import { useDocumentSaving, type SaveMode } from './useDocumentSaving';
import { duplicateNode, findNode, locate, moveNode, newElement, removeNode, updateSettings } from './tree-ops';
import { insertElements, moveTo, placeNode, withFreshIds } from './tree-moves';

export type { EditorDocument } from '../../core/wire/editor-document';

const NO_DATA: Record<string, unknown> = {};

function hasHandlers(runtime: Runtime, root: HTMLElement | null): boolean {
  if (!root) return false;
  return [root, ...root.querySelectorAll<HTMLElement>('[data-element_type]')].some((el) => runtime.handlersOf(el).length > 0);
}

/** Settings keys of the Style and Advanced tabs of an element (what "paste style" copies). */
function styleKeys(node: ElementNode): (key: string) => boolean {
  const keys = new Set(
    controlsOf(node)
      .filter((c) => c.tab === 'style' || c.tab === 'advanced')
      .map((c) => c.key),
  );
  keys.delete('_element_id');
  keys.delete('_title');
  return (key) => keys.has(key) || [...keys].some((k) => key.startsWith(`${k}_`));
}

export function EditorApp({ initial, runtime, uploadUrl }: { initial: EditorDocument; runtime: Runtime; uploadUrl: string }) {
  const [history, setHistory] = useState<History<ElementNode[]>>(() => createHistory(initial.tree));
  const [selected, setSelected] = useState<string | null>(null);
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState(initial.has_draft ? 'Showing your unpublished draft.' : '');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const saving = useDocumentSaving(initial.id, initial.version ?? 0);
  const [savedVersion, setSavedVersion] = useState(initial.version ?? 0);
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  const [clipboard, setClipboard] = useState<ElementNode | null>(null);
  const [showDocument, setShowDocument] = useState(false);
  const [title, setTitle] = useState(initial.title);
  const [showSite, setShowSite] = useState(false);
  // Site Settings being edited, previewed live: global styles on the preview, the kit and breakpoints on the runtime.
  const [sitePreview, setSitePreview] = useState<SiteSettings | null>(null);
  const breakpoints = useMemo(
    () => (sitePreview ? breakpointsOf(sitePreview.kit) : runtime.config.responsive.breakpoints),
    [sitePreview, runtime],
  );
  const previewSite = useCallback(
    (settings: SiteSettings) => {
      applyKit(runtime.config, settings.kit);
      setSitePreview(settings);
    },
    [runtime],
  );
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

  const onChange = (control: ControlSchema, value: unknown, forDevice: string) => {
    if (!node) return;
    // A responsive control edits the value of the device shown in the toolbar (key_tablet, key_mobile).
    const key = control.responsive ? deviceKey(control.key, forDevice) : control.key;
    const old = node.settings[key];
    const oldObject = old && typeof old === 'object' && !Array.isArray(old) ? (old as Record<string, unknown>) : {};
    let v: unknown = value;
    if (control.subKey) v = { ...oldObject, [control.subKey]: value };
    else if (control.type === 'slider') v = value === '' ? '' : { unit: control.unit ?? 'px', ...oldObject, size: value };
    const changed = { [key]: v };
    commit(updateSettings(tree, node.id, changed), `${node.id}:${key}:${control.subKey ?? ''}`);
    const el = previewEl(node.id);
    if (control.live && el && runtime.handlersOf(el).length) {
      void runtime.updateSettings(el, changed); // in place: the carousel keeps its Swiper instance
    } else if (control.type !== 'richtext' && !onlyStylesTheElement(key)) {
      // Re-created, as a handler reads its settings once; a colour or a size only rewrites the element's stylesheet.
      if (hasHandlers(runtime, previewEl(locate(tree, node.id)?.path[0] ?? node.id))) remountTop(node.id);
    }
  };

  const structural = (next: ElementNode[], select: string | null, action: string) => {
    commit(next);
    setSelected(select);
    track('editor_action', { action_type: action });
  };

  const create = (type: string): ElementNode =>
    type === 'container' ? newElement('container', {}, tree) : newElement(type, widgets[type]?.defaults ?? {}, tree);

  /** Adds after the selection (inside it when it is an empty container), or at the end of the page. */
  const add = (type: string) => {
    const el = create(type);
    const target = node;
    const placement = target && target.elType === 'container' && type !== 'container' ? 'inside' : 'after';
    structural(placeNode(tree, el, target?.id ?? null, placement), el.id, 'add');
    if (type !== 'container') track('editor_action', { action_type: 'add', widget_type: type });
  };

  const insertTemplate = (elements: ElementNode[]) => {
    const r = insertElements(tree, elements, node?.id ?? null);
    structural(r.tree, r.ids[0] ?? null, 'insert_template');
  };

  // Space picks up and drops (Enter stays the button's own action: add, or select in the navigator).
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );
  const onDragEnd = (event: DragEndEvent) => {
    const target = dropTarget(event, treeRef.current);
    if (!target) return;
    const data = event.active.data.current as { kind: 'new'; type: string } | { kind: 'node'; id: string } | undefined;
    if (!data) return;
    if (data.kind === 'new') {
      const el = create(data.type);
      structural(placeNode(tree, el, target.id, target.placement), el.id, 'add');
    } else {
      structural(moveTo(tree, data.id, target.id, target.placement), data.id, 'move');
    }
  };

  const restore = (h: History<ElementNode[]>) => {
    setHistory(h);
    setGeneration((g) => g + 1); // handlers re-read every element's settings
    setDirty(true);
  };

  const fail = (error: Error) => setStatus(`Not saved: ${error.message}`);
  const replaceTree = (next: ElementNode[]) => {
    setHistory((h) => record(h, next));
    setGeneration((g) => g + 1);
  };

  const save = async (mode: SaveMode) => {
    if (busy) return;
    const publish = mode === 'publish';
    setBusy(true);
    setStatus(publish ? 'Publishing…' : mode === 'autosave' ? 'Autosaving…' : 'Saving draft…');
    try {
      const doc = await saving.send(tree, mode);
      setSavedVersion(doc.version ?? 0);
      setStatus(publish ? `Published. Visitors now see this version.` : 'Draft saved. Visitors still see the published version.');
      setDirty(treeRef.current !== tree); // edits made while saving stay unsaved
      if (treeRef.current === tree && JSON.stringify(doc.tree) !== JSON.stringify(tree)) {
        setHistory((h) => record(h, doc.tree));
        setGeneration((g) => g + 1);
      }
      if (mode !== 'autosave') track('editor_action', { action_type: publish ? 'publish' : 'save_draft' });
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

  useAutosave({ dirty, paused: busy || !!saving.conflict, change: tree, save: (mode) => void save(mode) });

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const hiddenForPreview = useMemo(() => hidden, [hidden]);

  return (
    <div className="editor-app">
      <div className="editor-toolbar" role="toolbar" aria-label="Document">
        <h1 className="editor-title">Editing “{title}”</h1>
        <button type="button" onClick={() => restore(undo(history))} disabled={!history.past.length}>
          Undo
        </button>
        <button type="button" onClick={() => restore(redo(history))} disabled={!history.future.length}>
          Redo
        </button>
        <DeviceSwitcher device={device} onChange={setDevice} />
        <button
          type="button"
          aria-pressed={showSite}
          onClick={() => {
            setShowSite((v) => !v);
            setShowDocument(false);
          }}
        >
          Site Settings
        </button>
        <button
          type="button"
          aria-pressed={showDocument}
          onClick={() => {
            setShowDocument((v) => !v);
            setShowSite(false);
          }}
        >
          {initial.type === 'popup' ? 'Popup settings' : 'Page settings'}
        </button>
        <button type="button" onClick={() => void save('draft')} disabled={busy}>
          Save draft
        </button>
        <button type="button" className="button-primary" onClick={() => void save('publish')} disabled={busy}>
          Publish
        </button>
        <HistoryPanel
          documentId={initial.id}
          version={savedVersion}
          baseVersion={saving.version}
          onRestored={(restored, v) => {
            saving.follow(v);
            setSavedVersion(v);
            replaceTree(restored);
            setDirty(false);
          }}
        />
        <SchedulePanel
          documentId={initial.id}
          initial={initial}
          saveFirst={() => (dirty ? save('draft') : Promise.resolve())}
          baseVersion={saving.version}
          onScheduled={(v) => {
            saving.follow(v);
            setSavedVersion(v);
          }}
        />
        {initial.type === 'page' ? (
          <PreviewAs documentId={initial.id} saveFirst={() => (dirty ? save('draft') : Promise.resolve())} />
        ) : null}
        {initial.type === 'page' ? (
          <a href={`/${initial.slug === 'home' ? '' : initial.slug}`} target="_blank" rel="noopener">
            View page
          </a>
        ) : null}
        <EditorPreferences runtime={runtime} />
        {initial.type === 'page' ? <PageVitals path={`/${initial.slug === 'home' ? '' : initial.slug}`} /> : null}
        <p className="editor-status" role="status">
          {status}
        </p>
      </div>
      <ConflictDialog
        message={saving.conflict}
        onReload={() =>
          void saving.reload().then((doc) => {
            replaceTree(doc.tree);
            setSavedVersion(doc.version ?? 0);
            setDirty(false);
            setStatus('Reloaded the latest version. Your copy is not saved.');
          }, fail)
        }
        onKeepMine={() =>
          void saving.keepMine(treeRef.current).then((doc) => {
            setSavedVersion(doc.version ?? 0);
            setDirty(false);
            setStatus('Your copy is saved as a new draft; the other save stays in the history.');
          }, fail)
        }
      />
      {sitePreview ? <style>{globalStyleCss(sitePreview.kit, '.editor-preview')}</style> : null}
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <div className="editor-columns">
          <aside className="editor-panel editor-panel--structure" aria-label="Widgets and navigator">
            <WidgetPanel onAdd={add} />
            <h2 id="structure-heading">Navigator</h2>
            <Navigator tree={tree} selected={selected} hidden={hidden} onSelect={setSelected} />
            {node ? (
              <ElementActions
                node={node}
                canPaste={!!clipboard}
                hidden={hidden.has(node.id)}
                onMove={(delta) => structural(moveNode(tree, node.id, delta), node.id, 'move')}
                onDuplicate={() => {
                  const r = duplicateNode(tree, node.id);
                  structural(r.tree, r.id, 'duplicate');
                }}
                onDelete={() => structural(removeNode(tree, node.id), null, 'delete')}
                onCopy={() => {
                  setClipboard(structuredClone(node));
                  setStatus(`Copied ${node.elType === 'container' ? 'the container' : (definition?.title ?? 'the widget')}.`);
                }}
                onPaste={() => {
                  if (!clipboard) return;
                  const copy = withFreshIds(clipboard, tree);
                  structural(placeNode(tree, copy, node.id, 'after'), copy.id, 'paste');
                }}
                onPasteStyle={() => {
                  if (!clipboard) return;
                  const isStyle = styleKeys(node);
                  const style = Object.fromEntries(Object.entries(clipboard.settings).filter(([k]) => isStyle(k)));
                  commit(updateSettings(tree, node.id, style));
                  if (!Object.keys(style).every(onlyStylesTheElement)) remountTop(node.id);
                }}
                onToggleHidden={() =>
                  setHidden((h) => {
                    const next = new Set(h);
                    if (next.has(node.id)) next.delete(node.id);
                    else next.add(node.id);
                    return next;
                  })
                }
                onRename={(name) => commit(updateSettings(tree, node.id, { _title: name }))}
              />
            ) : null}
            <TemplatesPanel selection={node} onInsert={insertTemplate} />
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
            device={device}
            breakpoints={breakpoints}
            hidden={hiddenForPreview}
          />
          <aside className="editor-panel editor-panel--settings" aria-labelledby="settings-heading">
            <h2 id="settings-heading">
              {showSite ? 'Site Settings' : showDocument ? (initial.type === 'popup' ? 'Popup settings' : 'Page settings') : 'Settings'}
            </h2>
            {showSite ? (
              <SiteSettingsPanel onPreview={previewSite} />
            ) : showDocument ? (
              <DocumentSettings documentId={initial.id} onTitle={setTitle} />
            ) : (
              <SettingsPanel
                key={node?.id ?? 'none'}
                node={node}
                definition={definition}
                uploadUrl={uploadUrl}
                device={device}
                breakpoints={breakpoints}
                onChange={onChange}
              />
            )}
          </aside>
        </div>
      </DndContext>
    </div>
  );
}
