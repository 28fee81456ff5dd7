import { cookies } from '../storage/cookies';
import { appBannerLink } from './app-banner-rules';
import { APP_BANNER_COOKIE, MONTH_SECONDS } from './constants';

// The mobile app banner (SPEC §2, §9): mobile browsers only, for iOS (iPhone, iPad, iPod) or Android when
// that platform's store link is configured; close and 'Continue in Browser' set snackbarClosed=true for a
// month on path /; never shown while the cookie exists.

export { appBannerLink, isMobile, platformOf, type Platform } from './app-banner-rules';

export const readBannerCookie = (): string | undefined => cookies.get(APP_BANNER_COOKIE);

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
 * Shows the banner at the top of the page; null when it must not show. The server renders it into the first
 * response when the request says so (server/render/layout.tsx), so it takes its space before the first
 * paint: then it is only wired up here.
 */
export function mountAppBanner(
  site: { iosLink?: string; androidLink?: string; primaryColor?: string; name?: string },
  ua = navigator.userAgent,
): HTMLElement | null {
  const rendered = document.querySelector<HTMLElement>('.app-banner[data-app-banner]');
  if (rendered) return wire(rendered);
  const link = appBannerLink(ua, site, readBannerCookie());
  if (!link) return null;
  const banner = document.createElement('aside');
  banner.className = 'app-banner';
  banner.setAttribute('aria-label', 'Get the app');
  if (site.primaryColor && /^#[0-9a-f]{3,8}$/i.test(site.primaryColor)) banner.style.setProperty('--app-banner-color', site.primaryColor);
  banner.innerHTML =
    '<button type="button" class="app-banner__close" aria-label="Close">×</button>' +
    '<p class="app-banner__text"></p>' +
    '<a class="app-banner__download" rel="noopener">Download the App!</a>' +
    '<button type="button" class="app-banner__continue">Continue in Browser</button>';
  banner.querySelector('.app-banner__text')!.textContent = `Shop faster with the ${site.name ?? ''} app.`.replace('  ', ' ');
  banner.querySelector('a')!.setAttribute('href', link);
  wire(banner);
  const skip = document.querySelector('.skip-link');
  if (skip) skip.after(banner);
  else document.body.prepend(banner);
  document.documentElement.classList.add('has-app-banner');
  return banner;
}
