import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import type { DragEndEvent } from '@dnd-kit/core';
import type { Runtime } from '../../core/runtime';
import { widgets } from '../widgets';
import type { ElementNode } from '../widgets/types';
import { track } from '../../core/events/track';
import { Preview, type Canvas } from './Preview';
import type { SiteConfig } from '../../core/config/site-config';
import { EditorDnd, EditorDndBridge } from './EditorDnd';
import type { PreviewDevice } from './DeviceSwitcher';
import { dropTarget } from './drop-target';
import type { EditorDocument } from '../../core/wire/editor-document';
import { EditorStatusBar, EditorToolbar, type SidePanel } from './EditorToolbar';
import { NavigatorPanel, type NavigatorDock } from './StructurePanel';
import { AddingPanel, Conflict, SettingsColumn, toggled } from './EditorColumns';
import { ShortcutsSheet } from './ShortcutsSheet';
import { useElementCommands } from './useElementCommands';
import { keyActions, useEditorKeys, useEditorTree } from './useEditorTree';
import { useCanvasEditing } from './useCanvasEditing';
import { useFinder } from './useFinder';
import type { DrawerName } from './Drawer';
import { useEvent } from '../hooks/use-event';
import { applyKit, breakpointsOf, globalStyleCss, type SiteSettings } from '../../core/config/site-settings';
import { useEditorSaving } from './useEditorSaving';
import { findNode, newElement } from './tree-ops';
import { useControlChange } from './useControlChange';
import { moveTo, placeNode } from './tree-moves';

export type { EditorDocument } from '../../core/wire/editor-document';

const NO_DATA: Record<string, unknown> = {};

/** Site Settings being edited, previewed live: global styles on the canvas, the kit and breakpoints on its runtime. */
function useSitePreview(config: SiteConfig, runtime: Runtime | null) {
  const [sitePreview, setSitePreview] = useState<SiteSettings | null>(null);
  const breakpoints = useMemo(() => (sitePreview ? breakpointsOf(sitePreview.kit) : config.responsive.breakpoints), [sitePreview, config]);
  useEffect(() => {
    if (sitePreview && runtime) applyKit(runtime.config, sitePreview.kit);
  }, [sitePreview, runtime]);
  const previewSite = useCallback((settings: SiteSettings) => setSitePreview(settings), []);
  return { sitePreview, breakpoints, previewSite };
}

/** Starts the canvas's runtime once the page is rendered into it; the editor's <html> then says it is ready. */
function useCanvasRuntime(canvas: Canvas | null): void {
  useEffect(() => {
    if (!canvas) return;
    window.siteRuntime = canvas.runtime; // the console and the browser tests reach the canvas's runtime here
    let live = true;
    canvas.runtime.start(canvas.doc).then(
      () => live && document.documentElement.setAttribute('data-runtime', 'ready'),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
      document.documentElement.removeAttribute('data-runtime');
      canvas.runtime.stop();
    };
  }, [canvas]);
}

/** The canvas's iframe element, once loaded. */
const canvasFrame = (canvas: Canvas | null): HTMLIFrameElement | null => (canvas?.win.frameElement as HTMLIFrameElement | null) ?? null;

/** Adding elements: from the widget panel (after the selection, inside it when it is a container) or by a drop. */
function useAdding(
  tree: ElementNode[],
  node: ElementNode | null,
  canvas: Canvas | null,
  treeRef: RefObject<ElementNode[]>,
  structural: (next: ElementNode[], select: string | null, action: string) => void,
) {
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

  const [dragging, setDragging] = useState(false);
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(false);
    const target = dropTarget(event, treeRef.current, canvasFrame(canvas));
    const data = event.active.data.current as { kind: 'new'; type: string } | { kind: 'node'; id: string } | undefined;
    if (!target || !data) return;
    if (data.kind === 'new') {
      const el = create(data.type);
      structural(placeNode(tree, el, target.id, target.placement), el.id, 'add');
    } else structural(moveTo(tree, data.id, target.id, target.placement), data.id, 'move');
  };
  // While something is dragged, the canvas lets pointer events through to this window (dnd-kit listens here).
  const dnd = { onDragStart: () => setDragging(true), onDragCancel: () => setDragging(false), onDragEnd };
  return { add, dnd, dragging };
}

interface EditorProps {
  initial: EditorDocument;
  config: SiteConfig;
  uploadUrl: string;
}

/** The editor inside its drag and drop context, which renders once (EditorDnd.tsx). */
export function EditorApp(props: EditorProps) {
  const [bridge] = useState(() => new EditorDndBridge());
  const { initial, config, uploadUrl } = props;
  const body = useMemo(
    () => <EditorBody initial={initial} config={config} uploadUrl={uploadUrl} bridge={bridge} />,
    [initial, config, uploadUrl, bridge],
  );
  return <EditorDnd bridge={bridge}>{body}</EditorDnd>;
}

function EditorBody({ initial, config, uploadUrl, bridge }: EditorProps & { bridge: EditorDndBridge }) {
  const edit = useEditorTree(initial);
  const { history, tree, treeRef, commit, remount, step, replaceTree, dirty, setDirty } = edit;
  const [selected, setSelected] = useState<string | null>(null);
  const { saving, save, busy, status, setStatus, savedVersion, setSavedVersion, follow, saveFirst } = useEditorSaving(initial, edit);
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [panel, setPanel] = useState<SidePanel>('element');
  const [title, setTitle] = useState(initial.title);
  const [navigator, setNavigator] = useState(true);
  const [dock, setDock] = useState<NavigatorDock>('docked');
  const [shortcuts, setShortcuts] = useState(false);
  const [drawer, setDrawer] = useState<DrawerName | null>(null);
  const [canvas, setCanvas] = useState<Canvas | null>(null);
  const { sitePreview, breakpoints, previewSite } = useSitePreview(config, canvas?.runtime ?? null);
  useCanvasRuntime(canvas);
  const node = selected ? findNode(tree, selected) : null;
  const definition = node?.widgetType ? (widgets[node.widgetType] ?? null) : null;

  // Constant for the memoised controls: a key re-renders the edited control alone (SettingsPanel.tsx).
  const onChange = useEvent(useControlChange(node, { canvas, treeRef, commit, remount, later: edit.later }));

  const structural = (next: ElementNode[], select: string | null, action: string) => {
    commit(next);
    setSelected(select);
    track('editor_action', { action_type: action });
  };
  const commands = useElementCommands({ tree, structural, commit, remount, onStatus: setStatus });
  const canvasEditing = { canvas, tree, treeRef, commit, remount, commands, structural, setNavigator, setSelected };
  const { menu, openMenu, editInPlace } = useCanvasEditing(canvasEditing);

  const { add, dnd, dragging } = useAdding(tree, node, canvas, treeRef, structural);
  useLayoutEffect(() => {
    bridge.connect({ ...dnd, tree: () => treeRef.current });
  });

  const openShortcuts = () => setShortcuts(true);
  const finderActions = { onPanel: setPanel, onDrawer: setDrawer, onDevice: setDevice, onNavigator: setNavigator, onAdd: add };
  const { finder, openFinder } = useFinder({ node, documentType: initial.type, onShortcuts: openShortcuts, ...finderActions });
  const keys = { step, selected, commands, openShortcuts, openMenu, editInPlace, openFinder };
  useEditorKeys(keyActions(keys), dirty, canvas?.win ?? null);

  // Constant handlers for the memoised top bar: a keystroke re-renders neither it nor its drawers.
  const toolbar = {
    onUndo: useEvent(() => step('undo')),
    onRedo: useEvent(() => step('redo')),
    onShortcuts: useEvent(openShortcuts),
    save: useEvent(save),
    saveFirst: useEvent(saveFirst),
    onRestored: useEvent((restored: ElementNode[], v: number) => {
      follow(v);
      replaceTree(restored);
      setDirty(false);
    }),
    onScheduled: useEvent(follow),
  };

  const navigatorPanel = navigator ? (
    <NavigatorPanel
      {...{ tree, node, selected, hidden, commands, commit, dock }}
      onHidden={(id) => setHidden((h) => toggled(h, id))}
      onSelect={setSelected}
      onDock={setDock}
      onClose={() => setNavigator(false)}
    />
  ) : null;

  return (
    <div className={`editor-app${dragging ? ' is-dragging' : ''}`}>
      <EditorToolbar
        initial={initial}
        title={title}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        onUndo={toolbar.onUndo}
        onRedo={toolbar.onRedo}
        device={device}
        onDevice={setDevice}
        navigator={navigator}
        onNavigator={setNavigator}
        onShortcuts={toolbar.onShortcuts}
        drawer={drawer}
        onDrawer={setDrawer}
        busy={busy}
        save={toolbar.save}
        saveFirst={toolbar.saveFirst}
        savedVersion={savedVersion}
        write={saving.write}
        onRestored={toolbar.onRestored}
        onScheduled={toolbar.onScheduled}
      />
      <Conflict
        saving={saving}
        treeRef={treeRef}
        onStatus={setStatus}
        onSaved={setSavedVersion}
        replaceTree={replaceTree}
        setDirty={setDirty}
      />
      <ShortcutsSheet open={shortcuts} onClose={() => setShortcuts(false)} />
      {finder}
      <div className="editor-columns">
        <div className="editor-left">
          {dock === 'docked' ? navigatorPanel : null}
          <AddingPanel tree={tree} node={node} widgetData={initial.widget_data ?? NO_DATA} onAdd={add} structural={structural} />
        </div>
        <main className="editor-canvas" aria-label="Canvas">
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
            siteCss={sitePreview ? globalStyleCss(sitePreview.kit, '.editor-preview') : undefined}
            canvas={canvas}
            onCanvas={setCanvas}
            onContextMenu={openMenu}
            onEditInPlace={editInPlace}
          />
          {dock === 'floating' ? navigatorPanel : null}
          {menu}
        </main>
        <SettingsColumn
          panel={panel}
          onPanel={setPanel}
          documentType={initial.type}
          documentId={initial.id}
          onTitle={setTitle}
          write={saving.write}
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
      <EditorStatusBar initial={initial} runtime={canvas?.runtime ?? null} preferences={config.user.preferences} status={status} />
    </div>
  );
}
