import type { Runtime } from '../../core/runtime';
import type { EditorDocument } from '../../core/wire/editor-document';
import type { ElementNode } from '../widgets/types';
import { DeviceSwitcher, type PreviewDevice } from './DeviceSwitcher';
import { EditorPreferences } from './EditorPreferences';
import { HistoryPanel } from './HistoryPanel';
import { PageVitals } from './PageVitals';
import { PreviewAs } from './PreviewAs';
import { SchedulePanel } from './SchedulePanel';
import { ReviewPanel } from './ReviewPanel';
import { EditLock } from './EditLock';
import type { SaveMode } from './useDocumentSaving';

/** Which settings the right-hand column shows: the element's (none), the Site Settings or the document's. */
export type SidePanel = 'element' | 'site' | 'document';

export interface EditorToolbarProps {
  initial: EditorDocument;
  runtime: Runtime;
  title: string;
  status: string;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  device: PreviewDevice;
  onDevice: (device: PreviewDevice) => void;
  panel: SidePanel;
  onPanel: (panel: SidePanel) => void;
  busy: boolean;
  save: (mode: SaveMode) => Promise<void>;
  /** Saves a draft first when there are unsaved changes (before a schedule or a preview link). */
  saveFirst: () => Promise<void>;
  savedVersion: number;
  baseVersion: () => number;
  onRestored: (tree: ElementNode[], version: number) => void;
  onScheduled: (version: number) => void;
}

/** The editor's toolbar: undo and redo, device, settings panels, save and publish, history, schedule, preview. */
export function EditorToolbar(p: EditorToolbarProps) {
  const { initial } = p;
  const path = `/${initial.slug === 'home' ? '' : initial.slug}`;
  const toggle = (panel: SidePanel) => p.onPanel(p.panel === panel ? 'element' : panel);
  return (
    <>
      {/* The soft lock's banner: who else is editing, or who took over (docs/editor.md, "Roles and approval"). */}
      <EditLock documentId={initial.id} documentType={initial.type} />
      <div className="editor-toolbar" role="toolbar" aria-label="Document">
        <h1 className="editor-title">Editing “{p.title}”</h1>
        <button type="button" onClick={p.onUndo} disabled={!p.canUndo}>
          Undo
        </button>
        <button type="button" onClick={p.onRedo} disabled={!p.canRedo}>
          Redo
        </button>
        <DeviceSwitcher device={p.device} onChange={p.onDevice} />
        <button type="button" aria-pressed={p.panel === 'site'} onClick={() => toggle('site')}>
          Site Settings
        </button>
        <button type="button" aria-pressed={p.panel === 'document'} onClick={() => toggle('document')}>
          {initial.type === 'popup' ? 'Popup settings' : 'Page settings'}
        </button>
        <button type="button" onClick={() => void p.save('draft')} disabled={p.busy}>
          Save draft
        </button>
        {/* A role set to review submits instead of publishing (ReviewPanel; the server refuses its publish with 403). */}
        {initial.may_publish !== false ? (
          <button type="button" className="button-primary" onClick={() => void p.save('publish')} disabled={p.busy}>
            Publish
          </button>
        ) : null}
        <ReviewPanel
          documentId={initial.id}
          mayPublish={initial.may_publish !== false}
          saveFirst={p.saveFirst}
          baseVersion={p.baseVersion}
          onVersion={p.onScheduled}
        />
        <HistoryPanel documentId={initial.id} version={p.savedVersion} baseVersion={p.baseVersion} onRestored={p.onRestored} />
        {initial.may_publish !== false ? (
          <SchedulePanel
            documentId={initial.id}
            initial={initial}
            saveFirst={p.saveFirst}
            baseVersion={p.baseVersion}
            onScheduled={p.onScheduled}
          />
        ) : null}
        {initial.type === 'page' ? <PreviewAs documentId={initial.id} saveFirst={p.saveFirst} /> : null}
        {initial.type === 'page' ? (
          <a href={path} target="_blank" rel="noopener">
            View page
          </a>
        ) : null}
        <EditorPreferences runtime={p.runtime} />
        {initial.type === 'page' ? <PageVitals path={path} /> : null}
        <p className="editor-status" role="status">
          {p.status}
        </p>
      </div>
    </>
  );
}
