import { list, type Rule } from '../types';

/** The search engines the 'search' source recognises, by the start of the referrer's host. */
export const SEARCH_ENGINES = ['google', 'yahoo', 'bing', 'yandex', 'baidu'] as const;

export type Source = 'internal' | 'external' | 'search';

/** The referrer without its scheme and a leading `www.`. */
export function bareReferrer(referrer: string): string {
  return referrer.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^www\./i, '');
}

export function isSearchEngine(referrer: string): boolean {
  const bare = bareReferrer(referrer).toLowerCase();
  return SEARCH_ENGINES.some((engine) => bare.startsWith(`${engine}.`));
}

/** Where the visitor came from: this site, a search engine, or anywhere else (a direct visit is external). */
export function sourceOf(referrer: string, host: string): Source {
  const bare = bareReferrer(referrer).toLowerCase();
  const site = host.replace(/^www\./i, '').toLowerCase();
  if (bare && site && (bare === site || bare.startsWith(`${site}/`))) return 'internal';
  if (isSearchEngine(referrer)) return 'search';
  return 'external';
}

/** sources: the visitor's source must be one of `sources` (internal, external, search). */
export const sources: Rule = (options, ctx) => {
  const allowed = list(options.sources);
  const source = sourceOf(ctx.referrer, ctx.host);
  return {
    pass: allowed.includes(source),
    value: `source ${source} (referrer "${ctx.referrer}")`,
    expected: `one of ${allowed.join(', ') || '(none)'}`,
  };
};
