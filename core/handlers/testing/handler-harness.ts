import type { SiteConfig } from '../../config/site-config';
import { defaultBreakpoints } from '../../config/breakpoints';
import { createBus } from '../../events/bus';
import type { Handler, HandlerClass } from '../base';

// For jsdom tests of one handler: a minimal page config and a handler on a mounted element, with a device
// mode the test can change (as the runtime does on resize).
export function testConfig(over: Partial<SiteConfig> = {}): SiteConfig {
  return {
    environmentMode: { edit: false, wpPreview: false, isScriptDebug: false },
    urls: { assets: '/assets/runtime/', uploadUrl: '', rest: '/wp-json/', shopApi: '' },
    responsive: { breakpoints: defaultBreakpoints },
    i18n: {},
    kit: {},
    is_rtl: false,
    chunks: {},
    chunkStyles: {},
    ...over,
  } as unknown as SiteConfig;
}

export function mountHandler<T extends Handler>(Cls: HandlerClass, html: string, settings: Record<string, unknown>) {
  document.body.innerHTML = html;
  const element = document.body.firstElementChild as HTMLElement;
  const device = { mode: 'desktop' };
  const bus = createBus();
  const handler = new Cls({ element, settings, config: testConfig(), bus, deviceMode: () => device.mode }) as T;
  return { handler, element, device, bus };
}
