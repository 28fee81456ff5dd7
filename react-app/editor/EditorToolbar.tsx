import { memo } from 'react';
import type { Runtime } from '../../core/runtime';
import type { EditorPreferences as EditorPreferencesValue } from '../../core/config/site-config';
import type { EditorDocument } from '../../core/wire/editor-document';
import type { ElementNode } from '../widgets/types';
import { DeviceSwitcher, type PreviewDevice } from './DeviceSwitcher';
import type { DrawerName } from './Drawer';
import { EditorPreferences } from './EditorPreferences';
import { HistoryPanel } from './HistoryPanel';
import { PageVitals } from './PageVitals';
import { PreviewAs } from './PreviewAs';
import { SchedulePanel } from './SchedulePanel';
import { ReviewPanel } from './ReviewPanel';
import { EditLock } from './EditLock';
import type { DocumentWrite, SaveMode } from './useDocumentSaving';

/** Which settings the right-hand column shows: the element's (none), the Site Settings or the document's. */
export type SidePanel = 'element' | 'site' | 'document';

export interface EditorToolbarProps {
  initial: EditorDocument;
  title: string;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  device: PreviewDevice;
  onDevice: (device: PreviewDevice) => void;
  /** The navigator panel: shown or not (docked or floating, docs/editor.md). */
  navigator: boolean;
  onNavigator: (open: boolean) => void;
  /** Opens the keyboard shortcuts sheet. */
  onShortcuts: () => void;
  /** The open drawer (at most one), also opened from the finder. */
  drawer: DrawerName | null;
  onDrawer: (drawer: DrawerName | null) => void;
  busy: boolean;
  save: (mode: SaveMode) => Promise<void>;
  /** Saves a draft first when there are unsaved changes (before a schedule or a preview link). */
  saveFirst: () => Promise<void>;
  savedVersion: number;
  write: DocumentWrite;
  onRestored: (tree: ElementNode[], version: number) => void;
  onScheduled: (version: number) => void;
}

export const documentPath = (doc: Pick<EditorDocument, 'slug'>): string => `/${doc.slug === 'home' ? '' : doc.slug}`;

/**
 * The editor's top bar, fixed above the canvas on one line: the document's name, undo and redo, the device,
 * the navigator, the drawers (history, schedule, preview as), view, the shortcuts, save and publish. Which
 * settings the right column shows is chosen at its top (EditorApp's SettingsColumn).
 */
// Memoised (as is the status line): a keystroke in a control re-renders the editor, and these take only constant
// handlers (useEvent) and values a keystroke leaves as they are.
export const EditorToolbar = memo(function EditorToolbar(p: EditorToolbarProps) {
  const { initial } = p;
  const drawerState = (name: DrawerName) => ({
    open: p.drawer === name,
    onOpenChange: (open: boolean) => p.onDrawer(open ? name : null),
  });
  return (
    <header className="editor-topbar">
      {/* The soft lock's banner, over the canvas under the top bar: who else is editing, or who took over
          (docs/editor.md, "Roles and approval"). */}
      <EditLock documentId={initial.id} documentType={initial.type} />
      <h1 className="editor-title" title={p.title}>
        Editing “{p.title}”
      </h1>
      <div className="editor-toolbar" role="toolbar" aria-label="Document">
        <div className="editor-toolbar__group">
          <button type="button" onClick={p.onUndo} disabled={!p.canUndo} aria-keyshortcuts="Control+Z">
            Undo
          </button>
          <button type="button" onClick={p.onRedo} disabled={!p.canRedo} aria-keyshortcuts="Control+Shift+Z">
            Redo
          </button>
        </div>
        <DeviceSwitcher device={p.device} onChange={p.onDevice} />
        <div className="editor-toolbar__group">
          <button type="button" aria-pressed={p.navigator} onClick={() => p.onNavigator(!p.navigator)}>
            Navigator
          </button>
          <HistoryPanel
            documentId={initial.id}
            version={p.savedVersion}
            write={p.write}
            onRestored={p.onRestored}
            {...drawerState('history')}
          />
          {/* A role set to review submits instead of publishing (the server refuses its publish with 403). */}
          <ReviewPanel
            documentId={initial.id}
            mayPublish={initial.may_publish !== false}
            saveFirst={p.saveFirst}
            write={p.write}
            onVersion={p.onScheduled}
            {...drawerState('review')}
          />
          {initial.may_publish !== false ? (
            <SchedulePanel
              documentId={initial.id}
              initial={initial}
              saveFirst={p.saveFirst}
              write={p.write}
              onScheduled={p.onScheduled}
              {...drawerState('schedule')}
            />
          ) : null}
          {initial.type === 'page' ? <PreviewAs documentId={initial.id} saveFirst={p.saveFirst} {...drawerState('preview-as')} /> : null}
          {initial.type === 'page' ? (
            <a className="editor-toolbar__link" href={documentPath(initial)} target="_blank" rel="noopener">
              View page
            </a>
          ) : null}
        </div>
        <button type="button" onClick={p.onShortcuts} aria-keyshortcuts="?" aria-label="Keyboard shortcuts">
          ?
        </button>
        <div className="editor-toolbar__group editor-toolbar__save">
          <button type="button" onClick={() => void p.save('draft')} disabled={p.busy}>
            Save draft
          </button>
          {initial.may_publish !== false ? (
            <button type="button" className="button-primary" onClick={() => void p.save('publish')} disabled={p.busy}>
              Publish
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
});

/** The line under the canvas: what the last save did, the editor's preferences, the page's measured vitals. */
export const EditorStatusBar = memo(function EditorStatusBar({
  initial,
  runtime,
  preferences,
  status,
}: {
  initial: EditorDocument;
  /** The canvas's runtime, once it has loaded. */
  runtime: Runtime | null;
  preferences?: EditorPreferencesValue;
  status: string;
}) {
  return (
    <footer className="editor-statusbar">
      <p className="editor-status" role="status">
        {status}
      </p>
      <EditorPreferences initial={preferences} runtime={runtime} />
      {initial.type === 'page' ? <PageVitals path={documentPath(initial)} /> : null}
    </footer>
  );
});
