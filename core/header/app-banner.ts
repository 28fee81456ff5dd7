import { cookies } from '../storage/cookies';
import { APP_BANNER_COOKIE, MONTH_SECONDS } from './constants';

// The mobile app banner (docs/behaviour.md): mobile browsers only, for iOS (iPhone, iPad, iPod) or Android when
// that platform's store link is configured; close and 'Continue in Browser' set snackbarClosed=true for a
// month on path /; never shown while the cookie exists.

export { appBannerLink, isMobile, platformOf, type Platform } from './app-banner-rules';

export function closeAppBanner(banner: HTMLElement): void {
  cookies.set(APP_BANNER_COOKIE, 'true', { days: MONTH_SECONDS / 86400 });
  banner.remove();
  document.documentElement.classList.remove('has-app-banner');
}

function wire(banner: HTMLElement): HTMLElement {
  banner.querySelector('.app-banner__close')?.addEventListener('click', () => closeAppBanner(banner));
  banner.querySelector('.app-banner__continue')?.addEventListener('click', () => closeAppBanner(banner));
  return banner;
}

/**
 * Wires the close controls of the banner the server rendered into the first response (server/render/layout.tsx
 * decides from the user agent and the snackbarClosed cookie, so it takes its space before the first paint and
 * the browser reads no cookie at boot). Null when the page has none.
 */
export function wireAppBanner(root: ParentNode = document): HTMLElement | null {
  const rendered = root.querySelector<HTMLElement>('.app-banner[data-app-banner]');
  return rendered ? wire(rendered) : null;
}
