import { VisitorStorage } from '../storage/local-storage';

// The site banner above the header: shown only when the returned html is non-empty and visible; in
// stackable mode it can be dismissed, and a dismissed banner (by its content) stays dismissed.

const DISMISSED_KEY = 'site_banner_dismissed';
const storage = new VisitorStorage();

/** A short stable hash of the banner html, so a new banner shows even after the old one was dismissed. */
export function bannerId(html: string): string {
  let h = 5381;
  for (let i = 0; i < html.length; i++) h = ((h << 5) + h + html.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

export function hasVisibleContent(element: HTMLElement): boolean {
  if ((element.textContent ?? '').trim() !== '') return true;
  return !!element.querySelector('img, picture, svg, video, iframe');
}

export function isDismissed(html: string, store: VisitorStorage = storage): boolean {
  return ((store.get<string[]>(DISMISSED_KEY) ?? []) as string[]).includes(bannerId(html));
}

export function dismiss(html: string, store: VisitorStorage = storage): void {
  const list = (store.get<string[]>(DISMISSED_KEY) ?? []).filter((x) => typeof x === 'string').slice(-19);
  store.set(DISMISSED_KEY, [...list, bannerId(html)]);
}

/** Puts the html into the banner's content element and shows or hides the banner. */
export function showSiteBanner(content: HTMLElement, html: string, store: VisitorStorage = storage): boolean {
  const banner = content.closest<HTMLElement>('[data-site-banner]') ?? content;
  content.innerHTML = html;
  const stackable = banner.dataset.stackable === 'yes';
  const show = html.trim() !== '' && hasVisibleContent(content) && !(stackable && isDismissed(html, store));
  banner.hidden = !show;
  const close = banner.querySelector<HTMLButtonElement>('[data-site-banner-close]');
  if (close) {
    close.hidden = !stackable;
    close.onclick = () => {
      dismiss(html, store);
      banner.hidden = true;
      window.dispatchEvent(new Event('resize'));
    };
  }
  return show;
}
