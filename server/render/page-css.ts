import { existsSync, readFileSync } from 'node:fs';

// The CSS a page inlines (docs/performance.md, "Lighthouse"): the rules of the site stylesheet that can apply to
// it, from what the server rendered. A rule is kept when one of its classes is in the page's markup, or can be
// added later by the runtime, one of the page's runtime chunks or one of its React islands (their class names are
// read from their sources at build time, scripts/css-subset.mjs); rules without a class (`body`, `a:hover`) are
// always kept. Keys (`widget:<type>`, `island:<name>`, `chunk:<name>`) keep a marked section whatever its classes.

export interface CssRule {
  css?: string;
  any?: string[];
  with?: string[];
  at?: string;
  rules?: CssRule[];
}

export interface CssRules {
  rules: CssRule[];
  vocab: { always: string[]; chunks: Record<string, string[]>; islands: Record<string, string[]> };
}

export function readCssRules(path: string): CssRules | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as CssRules) : null;
}

const CLASS_ATTR = /\sclass="([^"]*)"/g;
const SETTINGS_ATTR = /\sdata-settings="([^"]*)"/g;
const WIDGET = /\sdata-widget_type="([\w-]+)\.default"/g;
const ISLAND = /\sdata-island="([\w-]+)"/g;

/** What a rendered page holds: its class names and keys. */
export function pageVocabulary(css: CssRules, html: string, chunks: Iterable<string>): { classes: Set<string>; keys: Set<string> } {
  const classes = new Set<string>(css.vocab.always);
  const keys = new Set<string>();
  for (const m of html.matchAll(CLASS_ATTR)) for (const c of m[1].split(/\s+/)) if (c) classes.add(c);
  // Entrance animations and similar are named in an element's settings and added as classes by the runtime.
  for (const m of html.matchAll(SETTINGS_ATTR)) for (const w of m[1].split(/[^\w-]+/)) if (w) classes.add(w);
  for (const m of html.matchAll(WIDGET)) keys.add(`widget:${m[1]}`);
  for (const m of html.matchAll(ISLAND)) {
    keys.add(`island:${m[1]}`);
    for (const c of css.vocab.islands[m[1]] ?? []) classes.add(c);
  }
  for (const chunk of chunks) {
    keys.add(`chunk:${chunk}`);
    for (const c of css.vocab.chunks[chunk] ?? []) classes.add(c);
  }
  return { classes, keys };
}

/** The rules that can apply to a page holding these classes and keys, minified, in the stylesheet's order. */
export function subsetCss(css: CssRules, { classes, keys }: { classes: Set<string>; keys: Set<string> }): string {
  const kept = (rule: CssRule): string => {
    if (rule.rules) {
      const inner = rule.rules.map(kept).join('');
      return inner ? `${rule.at}{${inner}}` : '';
    }
    if (rule.with) return rule.with.some((k) => keys.has(k)) ? (rule.css ?? '') : '';
    if (rule.any && !rule.any.some((c) => classes.has(c))) return '';
    return rule.css ?? '';
  };
  return css.rules.map(kept).join('');
}

/** A <style> element holding CSS: the text cannot close the element early. */
export const inlineStyle = (id: string, css: string): string => `<style id="${id}">${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`;
