import type { RefObject } from 'react';
import { globalIdOf, isGlobalReference } from '../../core/documents/global-widgets';
import { useEvent } from '../hooks/use-event';
import type { SiteSettings } from '../../core/config/site-settings';
import type { ElementNode } from '../widgets/types';
import { ConflictDialog } from './ConflictDialog';
import { DocumentSettings } from './DocumentSettings';
import type { SidePanel } from './EditorToolbar';
import { GlobalWidgetsPanel } from './GlobalWidgetsPanel';
import { SettingsPanel } from './SettingsPanel';
import { SiteSettingsPanel } from './SiteSettingsPanel';
import { TemplatesPanel } from './TemplatesPanel';
import { insertElements } from './tree-moves';
import type { DocumentSaving } from './useDocumentSaving';
import { WidgetPanel } from './WidgetPanel';
import type { DocumentWrite } from './useDocumentSaving';

// The editor's columns beside the canvas (EditorApp): adding elements on the left, settings on the right, and the
// save conflict's dialog.

/** The left column under the navigator: the searchable widget panel, the templates, the global widgets. */
export function AddingPanel({
  tree,
  node,
  widgetData,
  onAdd,
  structural,
}: {
  tree: ElementNode[];
  node: ElementNode | null;
  /** The canvas's widget data (global widgets are added to it as they are used). */
  widgetData: Record<string, unknown>;
  onAdd: (type: string) => void;
  structural: (next: ElementNode[], select: string | null, action: string) => void;
}) {
  // Constant handlers, reading the latest tree and selection when they run: the panels are memoised, and a key
  // typed in a control (a new tree and selected node at each canvas update) renders none of them again.
  const onInsert = useEvent((elements: ElementNode[]) => {
    const r = insertElements(tree, elements, node?.id ?? null);
    structural(r.tree, r.ids[0] ?? null, 'insert_template');
  });
  const add = useEvent(onAdd);
  const change = useEvent(structural);
  const current = useEvent(() => ({ tree, selection: node }));
  const selection = useEvent(() => node);
  const gid = node ? globalIdOf(node) : null;
  const canSave = !!node && node.elType === 'widget' && !isGlobalReference(node) && !node.elements.length;
  return (
    <aside className="editor-panel editor-panel--structure" aria-label="Widgets, templates and global widgets">
      <WidgetPanel onAdd={add} />
      <TemplatesPanel hasSelection={!!node} selection={selection} onInsert={onInsert} />
      <GlobalWidgetsPanel current={current} gid={gid} canSave={canSave} widgetData={widgetData} structural={change} onInsert={onInsert} />
    </aside>
  );
}

/** The save conflict: reload theirs, or keep mine as a new draft. */
export function Conflict({
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

/** The right column: the selected element's settings, the Site Settings or the document's, chosen at its top. */
export function SettingsColumn(
  p: {
    panel: SidePanel;
    onPanel: (panel: SidePanel) => void;
    documentType: string;
    documentId: number;
    onTitle: (title: string) => void;
    write: DocumentWrite;
    onSettingsSaved: (version: number) => void;
    onPreviewSite: (s: SiteSettings) => void;
  } & Parameters<typeof SettingsPanel>[0],
) {
  const { panel } = p;
  const toggle = (next: SidePanel) => p.onPanel(panel === next ? 'element' : next);
  const documentLabel = p.documentType === 'popup' ? 'Popup settings' : 'Page settings';
  return (
    <aside className="editor-panel editor-panel--settings" aria-labelledby="settings-heading">
      <div className="editor-settings-switch" role="group" aria-label="Settings shown">
        <button type="button" aria-pressed={panel === 'document'} onClick={() => toggle('document')}>
          {documentLabel}
        </button>
        <button type="button" aria-pressed={panel === 'site'} onClick={() => toggle('site')}>
          Site Settings
        </button>
      </div>
      <h2 id="settings-heading">{panel === 'site' ? 'Site Settings' : panel === 'document' ? documentLabel : 'Settings'}</h2>
      {panel === 'site' ? (
        <SiteSettingsPanel onPreview={p.onPreviewSite} />
      ) : panel === 'document' ? (
        <DocumentSettings documentId={p.documentId} onTitle={p.onTitle} write={p.write} onSaved={p.onSettingsSaved} />
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

/** `set` with `id` added, or removed when it was there. */
export function toggled(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
