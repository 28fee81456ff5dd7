import { list, type Rule } from '../types';

/**
 * The search engines the 'search' source recognises, by a label of the referrer's host: the engine's own
 * domain under any country suffix and any subdomain (`search.yahoo.com`, `www.google.co.uk`, `yandex.ru`).
 */
export const SEARCH_ENGINES = ['google', 'yahoo', 'bing', 'yandex', 'baidu'] as const;

export type Source = 'internal' | 'external' | 'search';

/** The referrer without its scheme and a leading `www.`. */
export function bareReferrer(referrer: string): string {
  return referrer.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^www\./i, '');
}

/** The host part of a referrer, lower-cased, without port or credentials. */
function hostOf(referrer: string): string {
  const authority = bareReferrer(referrer).split(/[/?#]/, 1)[0] ?? '';
  return (authority.split('@').pop() ?? '').replace(/:\d*$/, '').toLowerCase();
}

export function isSearchEngine(referrer: string): boolean {
  const labels = hostOf(referrer).split('.');
  // The engine's label must be followed by at least one more (its suffix): `google` alone is no domain.
  return labels.slice(0, -1).some((label) => (SEARCH_ENGINES as readonly string[]).includes(label));
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
