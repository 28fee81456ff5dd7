// What the runtime exposes on window (for the editor preview, the e2e tests and debugging in the console).
import type { Runtime } from './runtime';
import type { SitePopupsApi } from './popups/manager';

declare global {
  interface Window {
    siteRuntime?: Runtime;
    sitePopups?: SitePopupsApi;
  }
}
