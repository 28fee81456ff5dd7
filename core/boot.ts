import { readSiteConfig } from './config/site-config';
import { defaultRegistry } from './handlers/manifest';
import widgetLines from 'virtual:widget-handlers';
import { Runtime } from './runtime';
import { countVisit } from './popups/visit-counter';

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

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot, { once: true });
else boot();
