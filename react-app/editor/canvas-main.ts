import { readSiteConfig } from '../../core/config/site-config';
import { defaultRegistry } from '../../core/handlers/manifest';
import { Runtime } from '../../core/runtime';
import { widgets } from '../widgets';
import { widgetHandlerLines } from '../widgets/handler-lines';

// The editor canvas's own window (an iframe at the device's width, docs/editor.md): the same core runtime as
// published pages, in edit mode, so media queries, breakpoints and behaviours read this window's width exactly
// as on the site. The editor (the parent window) renders the page into #editor-canvas-root and starts this
// runtime once the page is in; editor-only affordances hang on the root's class, which measurements can remove.
const config = readSiteConfig();
window.siteRuntime = new Runtime(
  { ...config, environmentMode: { ...config.environmentMode, edit: true } },
  defaultRegistry(widgetHandlerLines(widgets)),
);
document.documentElement.classList.add('editor-affordances');
