import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import type { Runtime } from '../../core/runtime';
import { widgets } from '../widgets';
import type { ElementNode } from '../widgets/types';
import { track } from '../../core/events/track';
import { createHistory, record, redo, undo, type History } from './history';
import { Preview } from './Preview';
import { dragAnnouncements, dragInstructions } from './drag-announcements';
import { SettingsPanel } from './SettingsPanel';
import type { PreviewDevice } from './DeviceSwitcher';
import { dropTarget } from './drop-target';
import { DocumentSettings } from './DocumentSettings';
import type { EditorDocument } from '../../core/wire/editor-document';
import { ConflictDialog } from './ConflictDialog';
import { SiteSettingsPanel } from './SiteSettingsPanel';
import { EditorToolbar, type SidePanel } from './EditorToolbar';
import { StructurePanel } from './StructurePanel';
import { useTasks } from '../hooks/use-tasks';
import { applyKit, breakpointsOf, globalStyleCss, type SiteSettings } from '../../core/config/site-settings';
import { useAutosave } from './useAutosave';
import { useDocumentSaving, type DocumentSaving, type SaveMode } from './useDocumentSaving';
import { findNode, locate, newElement } from './tree-ops';
import { useControlChange } from './useControlChange';
import { insertElements, moveTo, placeNode } from './tree-moves';

export type { EditorDocument } from '../../core/wire/editor-document';

const NO_DATA: Record<string, unknown> = {};

/** Site Settings being edited, previewed live: global styles on the preview, the kit and breakpoints on the runtime. */
function useSitePreview(runtime: Runtime) {
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
  return { sitePreview, breakpoints, previewSite };
}

/** The tree with its undo history; `generation` and `revisions` tell the preview what to re-create. */
function useEditorTree(initial: EditorDocument) {
  const [history, setHistory] = useState<History<ElementNode[]>>(() => createHistory(initial.tree));
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const [generation, setGeneration] = useState(0);
  const [dirty, setDirty] = useState(false);
  const tree = history.present;
  const treeRef = useRef(tree);
  useLayoutEffect(() => {
    treeRef.current = tree;
  }, [tree]);
  /** Re-creates one element (and what it holds) so its handlers start over; its siblings and ancestors stay. */
  const remount = useCallback((id: string) => {
    if (locate(treeRef.current, id)) setRevisions((r) => ({ ...r, [id]: (r[id] ?? 0) + 1 }));
  }, []);
  const commit = (next: ElementNode[], key: string | null = null) => {
    setHistory((h) => record(h, next, key));
    setDirty(true);
  };
  /** Undo, redo or a restored history: handlers re-read every element's settings. */
  const restore = (h: History<ElementNode[]>) => {
    setHistory(h);
    setGeneration((g) => g + 1);
    setDirty(true);
  };
  /** A tree from the server (a restored revision, the latest version, a normalised save). */
  const replaceTree = (next: ElementNode[]) => {
    setHistory((h) => record(h, next));
    setGeneration((g) => g + 1);
  };
  return { history, tree, treeRef, revisions, generation, dirty, setDirty, remount, commit, restore, replaceTree };
}

/** Undo and redo with Ctrl/Cmd+Z (Shift for redo) outside form fields; a warning before leaving unsaved work. */
function useEditorKeys(history: History<ElementNode[]>, restore: (h: History<ElementNode[]>) => void, dirty: boolean) {
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
}

/** Saving the tree (draft, autosave, publish) one save at a time, with its status line and the saved version. */
function useEditorSaving(initial: EditorDocument, edit: ReturnType<typeof useEditorTree>) {
  const { tree, treeRef, setDirty, replaceTree } = edit;
  const [status, setStatus] = useState(initial.has_draft ? 'Showing your unpublished draft.' : '');
  const saving = useDocumentSaving(initial.id, initial.version ?? 0);
  const [savedVersion, setSavedVersion] = useState(initial.version ?? 0);
  const tasks = useTasks<'save'>();
  const save = async (mode: SaveMode): Promise<void> => {
    const publish = mode === 'publish';
    await tasks.run(
      'save',
      async () => {
        setStatus(publish ? 'Publishing…' : mode === 'autosave' ? 'Autosaving…' : 'Saving draft…');
        const doc = await saving.send(tree, mode);
        setSavedVersion(doc.version ?? 0);
        setStatus(publish ? `Published. Visitors now see this version.` : 'Draft saved. Visitors still see the published version.');
        setDirty(treeRef.current !== tree); // edits made while saving stay unsaved
        if (treeRef.current === tree && JSON.stringify(doc.tree) !== JSON.stringify(tree)) replaceTree(doc.tree);
        if (mode !== 'autosave') track('editor_action', { action_type: publish ? 'publish' : 'save_draft' });
      },
      (message) => setStatus(`Not saved: ${message}`),
    );
  };
  return { saving, save, busy: tasks.busy(), status, setStatus, savedVersion, setSavedVersion };
}

export function EditorApp({ initial, runtime, uploadUrl }: { initial: EditorDocument; runtime: Runtime; uploadUrl: string }) {
  const edit = useEditorTree(initial);
  const { history, tree, treeRef, commit, remount, restore, replaceTree, dirty, setDirty } = edit;
  const [selected, setSelected] = useState<string | null>(null);
  const { saving, save, busy, status, setStatus, savedVersion, setSavedVersion } = useEditorSaving(initial, edit);
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [panel, setPanel] = useState<SidePanel>('element');
  const [title, setTitle] = useState(initial.title);
  const { sitePreview, breakpoints, previewSite } = useSitePreview(runtime);
  const node = selected ? findNode(tree, selected) : null;
  const definition = node?.widgetType ? (widgets[node.widgetType] ?? null) : null;

  const onChange = useControlChange(runtime, tree, node, commit, remount);
  const follow = (v: number) => {
    saving.follow(v);
    setSavedVersion(v);
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

  // Space picks up and drops (Enter stays the button's own action: add, or select in the navigator).
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );
  const onDragEnd = (event: DragEndEvent) => {
    const target = dropTarget(event, treeRef.current);
    const data = event.active.data.current as { kind: 'new'; type: string } | { kind: 'node'; id: string } | undefined;
    if (!target || !data) return;
    if (data.kind === 'new') {
      const el = create(data.type);
      structural(placeNode(tree, el, target.id, target.placement), el.id, 'add');
    } else structural(moveTo(tree, data.id, target.id, target.placement), data.id, 'move');
  };

  const announcements = useMemo(() => dragAnnouncements(() => tree), [tree]);
  const saveFirst = () => (dirty ? save('draft') : Promise.resolve());

  useEditorKeys(history, restore, dirty);
  useAutosave({ dirty, paused: busy || !!saving.conflict, change: tree, save: (mode) => void save(mode) });

  return (
    <div className="editor-app">
      <EditorToolbar
        initial={initial}
        runtime={runtime}
        title={title}
        status={status}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        onUndo={() => restore(undo(history))}
        onRedo={() => restore(redo(history))}
        device={device}
        onDevice={setDevice}
        panel={panel}
        onPanel={setPanel}
        busy={busy}
        save={save}
        saveFirst={saveFirst}
        savedVersion={savedVersion}
        baseVersion={saving.version}
        onRestored={(restored, v) => {
          saving.follow(v);
          setSavedVersion(v);
          replaceTree(restored);
          setDirty(false);
        }}
        onScheduled={follow}
      />
      <Conflict
        saving={saving}
        treeRef={treeRef}
        onStatus={setStatus}
        onSaved={setSavedVersion}
        replaceTree={replaceTree}
        setDirty={setDirty}
      />
      {sitePreview ? <style>{globalStyleCss(sitePreview.kit, '.editor-preview')}</style> : null}
      <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: dragInstructions }}>
        <div className="editor-columns">
          <StructurePanel
            tree={tree}
            node={node}
            definition={definition}
            selected={selected}
            hidden={hidden}
            onHidden={(id) => setHidden((h) => toggled(h, id))}
            onSelect={setSelected}
            onAdd={add}
            onInsert={(elements) => {
              const r = insertElements(tree, elements, node?.id ?? null);
              structural(r.tree, r.ids[0] ?? null, 'insert_template');
            }}
            structural={structural}
            commit={commit}
            remount={remount}
            onStatus={setStatus}
            widgetData={initial.widget_data ?? NO_DATA}
          />
          <Preview
            tree={tree}
            revisions={edit.revisions}
            generation={edit.generation}
            documentId={initial.id}
            documentType={initial.type}
            widgetData={initial.widget_data ?? NO_DATA}
            selected={selected}
            onSelect={setSelected}
            device={device}
            breakpoints={breakpoints}
            hidden={hidden}
          />
          <SettingsColumn
            panel={panel}
            documentType={initial.type}
            documentId={initial.id}
            onTitle={setTitle}
            baseVersion={saving.version}
            onSettingsSaved={follow}
            onPreviewSite={previewSite}
            node={node}
            definition={definition}
            uploadUrl={uploadUrl}
            device={device}
            breakpoints={breakpoints}
            onChange={onChange}
          />
        </div>
      </DndContext>
    </div>
  );
}

/** `set` with `id` added, or removed when it was there. */
function toggled(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The save conflict: reload theirs, or keep mine as a new draft. */
function Conflict({
  saving,
  treeRef,
  onStatus,
  onSaved,
  replaceTree,
  setDirty,
}: {
  saving: DocumentSaving;
  treeRef: RefObject<ElementNode[]>;
  onStatus: (status: string) => void;
  onSaved: (version: number) => void;
  replaceTree: (tree: ElementNode[]) => void;
  setDirty: (dirty: boolean) => void;
}) {
  const fail = (error: Error) => onStatus(`Not saved: ${error.message}`);
  return (
    <ConflictDialog
      message={saving.conflict}
      onReload={() =>
        void saving.reload().then((doc) => {
          replaceTree(doc.tree);
          onSaved(doc.version ?? 0);
          setDirty(false);
          onStatus('Reloaded the latest version. Your copy is not saved.');
        }, fail)
      }
      onKeepMine={() =>
        void saving.keepMine(treeRef.current).then((doc) => {
          onSaved(doc.version ?? 0);
          setDirty(false);
          onStatus('Your copy is saved as a new draft; the other save stays in the history.');
        }, fail)
      }
    />
  );
}

/** The right column: the selected element's settings, the Site Settings or the document's. */
function SettingsColumn(
  p: {
    panel: SidePanel;
    documentType: string;
    documentId: number;
    onTitle: (title: string) => void;
    baseVersion: () => number;
    onSettingsSaved: (version: number) => void;
    onPreviewSite: (s: SiteSettings) => void;
  } & Parameters<typeof SettingsPanel>[0],
) {
  const { panel } = p;
  return (
    <aside className="editor-panel editor-panel--settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading">
        {panel === 'site'
          ? 'Site Settings'
          : panel === 'document'
            ? p.documentType === 'popup'
              ? 'Popup settings'
              : 'Page settings'
            : 'Settings'}
      </h2>
      {panel === 'site' ? (
        <SiteSettingsPanel onPreview={p.onPreviewSite} />
      ) : panel === 'document' ? (
        <DocumentSettings documentId={p.documentId} onTitle={p.onTitle} baseVersion={p.baseVersion} onSaved={p.onSettingsSaved} />
      ) : (
        <SettingsPanel
          key={p.node?.id ?? 'none'}
          node={p.node}
          definition={p.definition}
          uploadUrl={p.uploadUrl}
          device={p.device}
          breakpoints={p.breakpoints}
          onChange={p.onChange}
        />
      )}
    </aside>
  );
}
