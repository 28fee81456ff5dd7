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

/** The editor preview's page config: edit mode, the carousel's messages, the lightbox on. */
export const editConfig = (over: Partial<SiteConfig> = {}): SiteConfig =>
  testConfig({
    environmentMode: { edit: true, wpPreview: false, isScriptDebug: false },
    i18n: {
      a11yCarouselPrevSlideMessage: 'Previous slide',
      a11yCarouselNextSlideMessage: 'Next slide',
      a11yCarouselPaginationBulletMessage: 'Go to slide {{index}}',
    },
    kit: { global_image_lightbox: 'yes' },
    ...over,
  } as Partial<SiteConfig>);

/** The markup as the page's only content; its first element. */
export function mountFirst(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

/** A handler on an element, with its own bus and the edit-mode config unless given. */
export function makeHandler<T extends Handler>(
  Cls: HandlerClass,
  element: HTMLElement,
  settings: Record<string, unknown> = {},
  bus = createBus(),
  cfg = editConfig(),
): T {
  return new Cls({ element, settings, config: cfg, bus, deviceMode: () => 'desktop' }) as T;
}
