// The rules of the SEO fields (core/wire/seo.ts holds their schema) and of what the head is built from: limits,
// which canonical and image addresses are accepted, the title template, the description's length hint
// (docs/seo.md). Framework-free: Site Settings and the editor's preview read them too.

export const SEO_LIMITS = { title: 200, description: 500, url: 2000 } as const;
/** What search engines show of a description; shorter than the minimum is a wasted snippet. */
export const DESCRIPTION_SHOWN = { min: 70, max: 160 } as const;
/** About what a search result shows of a title before it cuts it. */
export const TITLE_SHOWN = 60;
export const DEFAULT_TITLE_TEMPLATE = '%title% | %site%';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Browsers drop control characters and whitespace inside a scheme ("java\tscript:"): judge the URL without them.
// eslint-disable-next-line no-control-regex
const squeezed = (v: string) => v.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');

/** A site path: '/…', never '//host' (another origin) nor a backslash browsers read as a slash. */
export const isSitePath = (v: string): boolean => v.startsWith('/') && !v.startsWith('//') && !v.includes('\\') && !/\s/.test(v);

function httpUrl(v: string): URL | null {
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Why a canonical address is refused (null: accepted): a site path, or an absolute http(s) URL on the site's origin. */
export function canonicalProblem(value: string, siteOrigin: string | null): string | null {
  const v = squeezed(value);
  if (v === '') return null;
  if (isSitePath(v)) return null;
  if (!SCHEME.test(v)) return 'Use a path starting with / or a full https:// address on this site.';
  const url = httpUrl(v);
  if (!url) return 'Only http and https addresses can be canonical.';
  if (siteOrigin && url.origin !== new URL(siteOrigin).origin)
    return `A canonical address must be on this site (${new URL(siteOrigin).origin}).`;
  return null;
}

/** Why a share image address is refused: a site path or an http(s) URL. */
export function imageProblem(value: string): string | null {
  const v = squeezed(value);
  if (v === '' || isSitePath(v)) return null;
  return httpUrl(v) ? null : 'Use an image path starting with / or an https:// address.';
}

/** The document title from the site's template: `%title%`, `%site%` and `%sep%` are filled in. */
export function applyTitleTemplate(template: string, parts: { title: string; site: string }): string {
  const t = template.trim() || DEFAULT_TITLE_TEMPLATE;
  if (!parts.title || parts.title === parts.site) return parts.site;
  return t
    .replace(/%title%/g, parts.title)
    .replace(/%site%/g, parts.site)
    .replace(/%sep%/g, '|')
    .replace(/\s+/g, ' ')
    .trim();
}

export type LengthTone = 'empty' | 'short' | 'good' | 'long';

/** The editor's length hint for a meta description. */
export function descriptionHint(length: number): { tone: LengthTone; text: string } {
  if (length === 0) return { tone: 'empty', text: 'Empty: the site-wide description is used.' };
  if (length < DESCRIPTION_SHOWN.min)
    return { tone: 'short', text: `${length} characters: a little short; aim for ${DESCRIPTION_SHOWN.min}–${DESCRIPTION_SHOWN.max}.` };
  if (length > DESCRIPTION_SHOWN.max)
    return { tone: 'long', text: `${length} characters: search results cut it after about ${DESCRIPTION_SHOWN.max}.` };
  return { tone: 'good', text: `${length} characters: a good length.` };
}

/** Text cut where a search result would cut it, at a word, with an ellipsis. */
export function snippet(value: string, max: number): string {
  const v = value.replace(/\s+/g, ' ').trim();
  if (v.length <= max) return v;
  const cut = v.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= max * 0.5 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A plain-text description from content: tags and entities dropped, whitespace folded, cut for a snippet. */
export function plainDescription(html: string, max: number = DESCRIPTION_SHOWN.max): string {
  const textOnly = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  return snippet(textOnly, max);
}
