import { VisitorStorage } from '../storage/local-storage';
import { cookies } from '../storage/cookies';
import { bannerId, dismissedIds, isBannerDismissed, SITE_BANNER_COOKIE, withDismissed } from './site-banner-rules';

// The site banner above the header: shown only when its html is non-empty and visible; in stackable mode it
// can be dismissed, and a dismissed banner (by its content) stays dismissed. The server renders the first view
// already decided (the dismissal cookie, server/render/layout.tsx): at boot the browser only wires the close
// control. Storage is read only on a store change (new banner html) and, once, at idle, to apply dismissals the
// server could not see (applyLateDismissals).

export { bannerId } from './site-banner-rules';

/** Where earlier versions kept the dismissed ids (visitor storage key). */
export const LEGACY_DISMISSED_KEY = 'site_banner_dismissed';
const COOKIE_DAYS = 365;

export function hasVisibleContent(element: HTMLElement): boolean {
  if ((element.textContent ?? '').trim() !== '') return true;
  return !!element.querySelector('img, picture, svg, video, iframe');
}

const bannerOf = (content: HTMLElement): HTMLElement => content.closest<HTMLElement>('[data-site-banner]') ?? content;

function dismiss(banner: HTMLElement, id: string): void {
  cookies.set(SITE_BANNER_COOKIE, withDismissed(cookies.get(SITE_BANNER_COOKIE), id), { days: COOKIE_DAYS });
  banner.hidden = true;
  window.dispatchEvent(new Event('resize')); // the sticky header's threshold changed
}

/** The banner as the server rendered it: its close control dismisses the banner it shows (data-banner-id). */
export function wireSiteBanner(content: HTMLElement): void {
  const banner = bannerOf(content);
  const close = banner.querySelector<HTMLButtonElement>('[data-site-banner-close]');
  if (close) close.onclick = () => dismiss(banner, banner.dataset.bannerId ?? bannerId(content.innerHTML));
}

/** Puts new html (a store change) into the banner's content element and shows or hides the banner. */
export function showSiteBanner(content: HTMLElement, html: string): boolean {
  const banner = bannerOf(content);
  content.innerHTML = html;
  const id = bannerId(html);
  banner.dataset.bannerId = id;
  const stackable = banner.dataset.stackable === 'yes';
  const show = html.trim() !== '' && hasVisibleContent(content) && !(stackable && isBannerDismissed(cookies.get(SITE_BANNER_COOKIE), id));
  banner.hidden = !show;
  const close = banner.querySelector<HTMLButtonElement>('[data-site-banner-close]');
  if (close) close.hidden = !stackable;
  wireSiteBanner(content);
  return show;
}

/**
 * At idle, brings the banner in line with dismissals the server did not see when it rendered it:
 * - those kept in local storage by earlier versions move into the cookie (once: the entry is removed; earlier
 *   versions hashed the banner's DOM html, so both that id and the server's are checked);
 * - a dismissal written to the cookie after this request left (the page before this one moving a stored
 *   dismissal as the visitor followed a link, or another tab) hides the banner now.
 */
export function applyLateDismissals(content: HTMLElement, store: VisitorStorage = new VisitorStorage()): void {
  const banner = bannerOf(content);
  const current = banner.dataset.bannerId;
  const stackable = banner.dataset.stackable === 'yes';
  let hashedThisOne = false;
  const stored = store.get<unknown>(LEGACY_DISMISSED_KEY);
  if (stored !== undefined) {
    store.remove(LEGACY_DISMISSED_KEY);
    const ids = dismissedIds(Array.isArray(stored) ? stored.filter((x) => typeof x === 'string').join('.') : '');
    hashedThisOne = stackable && ids.includes(bannerId(content.innerHTML));
    const added = hashedThisOne && current ? [...ids, current] : ids;
    if (added.length) cookies.set(SITE_BANNER_COOKIE, withDismissed(cookies.get(SITE_BANNER_COOKIE), ...added), { days: COOKIE_DAYS });
  }
  const dismissed = hashedThisOne || (stackable && !!current && isBannerDismissed(cookies.get(SITE_BANNER_COOKIE), current));
  if (dismissed && !banner.hidden) {
    banner.hidden = true;
    window.dispatchEvent(new Event('resize'));
  }
}
