// Which site banners a visitor dismissed (docs/behaviour.md: dismissible in stackable mode). The server decides the
// first view from the cookie (server/render/layout.tsx), so the banner's space is right in the HTML and the
// browser reads no storage at boot; the browser adds an id when the visitor dismisses one.

export const SITE_BANNER_COOKIE = 'siteBannerDismissed';
/** The last dismissed banners kept: a new banner shows even after older ones were dismissed. */
export const MAX_DISMISSED = 20;
const ID = /^[0-9a-z]{1,13}$/;

/** A short stable hash of the banner html, so a new banner shows even after the old one was dismissed. */
export function bannerId(html: string): string {
  let h = 5381;
  for (let i = 0; i < html.length; i++) h = ((h << 5) + h + html.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/** The ids in the cookie; anything else in it (a hand-edited or foreign value) is ignored. */
export function dismissedIds(cookie: string | undefined): string[] {
  return (cookie ?? '').split('.').filter((id) => ID.test(id));
}

export const isBannerDismissed = (cookie: string | undefined, id: string): boolean => dismissedIds(cookie).includes(id);

/** The cookie value once `ids` are dismissed too (each once, the newest last, at most MAX_DISMISSED). */
export function withDismissed(cookie: string | undefined, ...ids: string[]): string {
  const added = ids.filter((id) => ID.test(id));
  const kept = dismissedIds(cookie).filter((id) => !added.includes(id));
  return [...new Set([...kept, ...added])].slice(-MAX_DISMISSED).join('.');
}
