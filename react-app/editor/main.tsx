import { createRoot } from 'react-dom/client';
import { readSiteConfig } from '../../core/config/site-config';
import { EditorApp, type EditorDocument } from './EditorApp';
import { loadCustomCss, treeHasCustomCss } from '../widgets/controls/custom-css-loader';

// The editor's entry: its panels and top bar in this window; the page itself is rendered into the canvas, an
// iframe whose own window runs the runtime in edit mode (canvas-main.ts). <html data-runtime="ready"> is set
// here once the canvas's runtime has connected the page's handlers.
function start(): void {
  const config = readSiteConfig();
  const initial = JSON.parse(document.getElementById('editor-document')?.textContent ?? 'null') as EditorDocument | null;
  const root = document.getElementById('editor-root');
  if (!initial || !root) throw new Error('editor-document is required.');
  // A document with custom CSS first loads its checker (css-tree, not in this bundle) so the canvas shows it at once.
  const ready = treeHasCustomCss(initial.tree) ? loadCustomCss().catch(() => undefined) : Promise.resolve(undefined);
  void ready.then(() => createRoot(root).render(<EditorApp initial={initial} config={config} uploadUrl={config.urls.uploadUrl} />));
}

start();
