import { readSiteConfig } from './config/site-config';
import { defaultRegistry } from './handlers/manifest';
import { Runtime } from './runtime';
import { countVisit } from './popups/visit-counter';

// Entry of the runtime shipped to every page: read the config, attach handlers, expose the runtime for
// the editor preview and for debugging.
function boot(): void {
  const config = readSiteConfig();
  if (!config.environmentMode.edit) countVisit(); // page views and sessions for the popups' timing rules
  const runtime = new Runtime(config, defaultRegistry());
  window.siteRuntime = runtime;
  document.documentElement.classList.add('e-runtime');
  runtime.start().then(
    () => {
      document.documentElement.setAttribute('data-runtime', 'ready');
      performance.mark?.('runtime-ready'); // read by the runtime boot benchmark
    },
    (error) => console.error(error),
  );
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot, { once: true });
else boot();
