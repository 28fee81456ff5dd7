import { list, type Rule } from '../types';

export const BROWSERS = ['ie', 'edge', 'opera', 'firefox', 'chrome', 'safari'] as const;
export type Browser = (typeof BROWSERS)[number] | 'other';

/** The browser named by a user-agent string (order matters: Edge and Opera also say Chrome and Safari). */
export function detectBrowser(userAgent: string): Browser {
  if (/MSIE |Trident\//.test(userAgent)) return 'ie';
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'opera';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent)) return 'safari';
  return 'other';
}

/** browsers: 'all' passes; otherwise the visitor's browser must be one of `browsers_options`. */
export const browsers: Rule = (options, ctx) => {
  const browser = detectBrowser(ctx.userAgent);
  if ((options.browsers ?? 'all') === 'all') return { pass: true, value: `browser ${browser}`, expected: 'all browsers' };
  const allowed = list(options.browsers_options);
  return { pass: allowed.includes(browser), value: `browser ${browser}`, expected: `one of ${allowed.join(', ') || '(none)'}` };
};
