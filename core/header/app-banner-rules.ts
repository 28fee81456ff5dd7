// Whether the mobile app banner shows (docs/behaviour.md), as a pure rule: the server decides it for the first
// render from the request's user agent and snackbarClosed cookie; the header uses it in the browser.

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
