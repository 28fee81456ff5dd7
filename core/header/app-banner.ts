import { cookies } from '../storage/cookies';
import { APP_BANNER_COOKIE, MONTH_SECONDS } from './constants';

// The mobile app banner (SPEC §2, §9): mobile browsers only, for iOS (iPhone, iPad, iPod) or Android when
// that platform's store link is configured; close and 'Continue in Browser' set snackbarClosed=true for a
// month on path /; never shown while the cookie exists.

export type Platform = 'ios' | 'android';

export function isMobile(ua: string): boolean {
  return /Mobi/i.test(ua);
}

export function platformOf(ua: string): Platform | null {
  if (/iPhone|iPad|iPod/.test(ua)) return 'ios';
  if (/Android/.test(ua)) return 'android';
  return null;
}

/** The store link to offer, or null when the banner must not show. */
export function appBannerLink(
  ua: string,
  site: { iosLink?: string; androidLink?: string },
  cookieValue: string | undefined,
): string | null {
  if (cookieValue !== undefined || !isMobile(ua)) return null;
  const platform = platformOf(ua);
  const link = platform === 'ios' ? site.iosLink : platform === 'android' ? site.androidLink : '';
  return link && /^https:\/\//.test(link) ? link : null;
}

export const readBannerCookie = (): string | undefined => cookies.get(APP_BANNER_COOKIE);

export function closeAppBanner(banner: HTMLElement): void {
  cookies.set(APP_BANNER_COOKIE, 'true', { days: MONTH_SECONDS / 86400 });
  banner.remove();
  document.documentElement.classList.remove('has-app-banner');
}

/** Builds and shows the banner at the top of the page; null when it must not show. */
export function mountAppBanner(
  site: { iosLink?: string; androidLink?: string; primaryColor?: string; name?: string },
  ua = navigator.userAgent,
): HTMLElement | null {
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
  banner.querySelector('.app-banner__close')!.addEventListener('click', () => closeAppBanner(banner));
  banner.querySelector('.app-banner__continue')!.addEventListener('click', () => closeAppBanner(banner));
  const skip = document.querySelector('.skip-link');
  if (skip) skip.after(banner);
  else document.body.prepend(banner);
  document.documentElement.classList.add('has-app-banner');
  return banner;
}
