import { readSiteConfig } from './config/site-config';
import { defaultRegistry } from './handlers/manifest';
import widgetLines from 'virtual:widget-handlers';
import { Runtime } from './runtime';
import { countVisit } from './popups/visit-counter';
import { yieldToBrowser } from './timing/yield';

// Entry of the runtime shipped to every page: read the config, attach handlers, expose the runtime for
// the editor preview and for debugging.
function boot(): void {
  performance.mark?.('runtime-boot'); // with 'runtime-ready': boot's own time, read by the benchmark
  const config = readSiteConfig();
  // Page views and sessions for the popups' timing rules. Local storage's first read costs a few ms, so a
  // page without a popup counts its visit once the runtime is ready; one with a popup counts before its rules run.
  const count = !config.environmentMode.edit;
  const countNow = count && document.querySelector('dialog.e-popup') !== null;
  if (countNow) countVisit();
  const runtime = new Runtime(config, defaultRegistry(widgetLines));
  window.siteRuntime = runtime;
  document.documentElement.classList.add('e-runtime');
  runtime.start().then(
    () => {
      document.documentElement.setAttribute('data-runtime', 'ready');
      performance.mark?.('runtime-ready'); // read by the runtime boot benchmark
      if (count && !countNow) countVisit();
    },
    (error) => console.error(error),
  );
}

// In a task of its own: the browser evaluates the module scripts in the task that ends the document's parsing, with
// the first style and layout of the rest of the page; boot's scan and the chunks it imports made that task the
// longest of a long page on a phone (about 145–200 ms of CPU on /showcase here, where the two halves take 75–140 and
// 45–90 apart: docs/performance.md, Vitals). scheduler.yield's continuation runs before other queued tasks.
const start = (): void => void yieldToBrowser().then(boot);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
