// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_CONFIG_ID } from './config/site-config';
import { testConfig } from './handlers/testing/handler-harness';

// boot's registry lines come from the runtime build (a virtual module): vitest.config.ts gives the DOM tests an
// empty list.

describe('boot', () => {
  afterEach(() => {
    window.siteRuntime?.stop();
    window.siteRuntime = undefined;
    document.documentElement.classList.remove('e-runtime');
    document.documentElement.removeAttribute('data-runtime');
    document.body.innerHTML = '';
  });

  it('starts the runtime in a task of its own, not in the task that evaluates the module', async () => {
    const config = testConfig({ urls: { assets: '/assets/runtime/', uploadUrl: '', rest: '/wp-json/', shopApi: '/api/shop/v1/' } });
    document.body.innerHTML = `<script type="application/json" id="${SITE_CONFIG_ID}">${JSON.stringify(config)}</script>
      <div data-element_type="container" data-id="c1"></div>`;
    expect(document.readyState).not.toBe('loading');
    await import('./boot');
    // Module evaluation is over (the import resolved in the same task's microtasks): nothing has run yet.
    expect(window.siteRuntime).toBeUndefined();
    expect(document.documentElement.classList.contains('e-runtime')).toBe(false);
    await vi.waitFor(() => expect(document.documentElement.dataset.runtime).toBe('ready'));
    expect(window.siteRuntime).toBeDefined();
  });
});
