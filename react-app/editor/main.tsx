import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { readSiteConfig } from '../../core/config/site-config';
import { defaultRegistry } from '../../core/handlers/manifest';
import { Runtime } from '../../core/runtime';
import { widgets } from '../widgets';
import { widgetHandlerLines } from '../widgets/handler-lines';
import { EditorApp, type EditorDocument } from './EditorApp';

// The editor preview entry: the same core runtime as published pages, in edit mode, over the preview that
// React renders with the same widget components as the server.
function start(): void {
  const config = readSiteConfig();
  const editConfig = { ...config, environmentMode: { ...config.environmentMode, edit: true } };
  const runtime = new Runtime(editConfig, defaultRegistry(widgetHandlerLines(widgets)));
  window.siteRuntime = runtime;
  const initial = JSON.parse(document.getElementById('editor-document')?.textContent ?? 'null') as EditorDocument | null;
  const root = document.getElementById('editor-root');
  if (!initial || !root) throw new Error('editor-document is required.');
  // The preview is in the DOM before the first scan, so "ready" means its handlers are connected (a click
  // right after load opens the lightbox); later renders are followed by the runtime's mutation scan.
  const app = createRoot(root);
  flushSync(() => app.render(<EditorApp initial={initial} runtime={runtime} uploadUrl={config.urls.uploadUrl} />));
  runtime.start().then(
    () => document.documentElement.setAttribute('data-runtime', 'ready'),
    (error) => console.error(error),
  );
}

start();
