import {
  generate,
  parse,
  tokenize,
  tokenTypes,
  walk,
  type Atrule,
  type CssNode,
  type Rule,
  type Selector,
  type SyntaxParseError,
} from 'css-tree';
import { CUSTOM_CSS_KEY } from './custom-css-key';

// An element's own CSS (the Advanced tab's "Custom CSS"), written with the page builder's `selector` keyword
// for the element: `selector .title { color: red }` becomes `.elementor-element.elementor-element-<id> .title
// { color: red }`. Parsed with css-tree; refused (with a message naming what is wrong) when it does not parse,
// when a selector could reach outside the element (no `selector` first, or the element's siblings), and for what
// has hurt page builders before: `</style>` (leaving the style element), `@import` and other global at-rules,
// script URLs and `expression()`. The server checks it on save (nodeSettingsProblem in schema.ts), the editor
// next to the field, and the renderer scopes it (element-style.ts). docs/editor.md, "Global widgets and custom CSS".

export const CUSTOM_CSS_MAX = 10_000;
export { CUSTOM_CSS_KEY };

export type CustomCssResult = { ok: true; css: string } | { ok: false; message: string };

/** At-rules whose blocks hold ordinary rules (each scoped like the others); every other at-rule is refused. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'container']);
/** Properties that ran code in old browsers. */
const SCRIPT_PROPERTIES = new Set(['behavior', '-moz-binding']);
/** Functions whose string argument is fetched as a URL. */
const URL_FUNCTIONS = new Set(['src', 'image', 'image-set', '-webkit-image-set']);
const ALLOWED_URL = /^(https?:|data:image\/(png|jpeg|gif|webp|avif);)/i;

/** An identifier as the browser reads it: CSS escapes (`exp\72 ession`) decoded, lower case. */
export function cssIdentifier(raw: string): string {
  return raw
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16) || 0xfffd, 0x10ffff)))
    .replace(/\\(.)/g, '$1')
    .toLowerCase();
}

/** A URL is refused unless it is https, http, a relative address or an inline image. */
function urlProblem(raw: string): string | null {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (!scheme || ALLOWED_URL.test(url)) return null;
  return `must not load ${scheme[1].toLowerCase()}: URLs`;
}

class Refused extends Error {}
const refuse = (message: string): never => {
  throw new Refused(message);
};

/** Braces must balance: css-tree closes an unclosed block at the end, which would hide a typing mistake. */
function checkBraces(css: string): void {
  let depth = 0;
  tokenize(css, (type, start) => {
    if (type === tokenTypes.LeftCurlyBracket) depth++;
    else if (type === tokenTypes.RightCurlyBracket && --depth < 0)
      refuse(`does not parse: "}" without its "{" (line ${css.slice(0, start).split('\n').length})`);
  });
  if (depth > 0) refuse('does not parse: a "{" is never closed');
}

const selectorText = (s: CssNode): string => generate(s).trim();

/**
 * Scopes one complex selector in place: it must start with `selector` (the element itself, optionally with
 * classes or pseudo-classes: `selector:hover`), and what follows may only go down into the element (descendant
 * or child), never to its siblings (`selector + p`, `selector ~ p`).
 */
function scopeSelector(node: Selector, scope: string): void {
  const parts = node.children.toArray();
  const first = parts[0];
  if (!first || first.type !== 'TypeSelector' || cssIdentifier(first.name) !== 'selector')
    refuse(`must scope every selector to the element: "${selectorText(node)}" does not start with "selector"`);
  const combinator = parts.find((p) => p.type === 'Combinator');
  if (combinator && combinator.type === 'Combinator' && (combinator.name === '+' || combinator.name === '~'))
    refuse(`must stay inside the element: "${selectorText(node)}" reaches its siblings`);
  // Every `selector` (also inside :not() or :has()) is the element.
  walk(node, {
    visit: 'TypeSelector',
    enter(t) {
      if (cssIdentifier(t.name) === 'selector') Object.assign(t, { type: 'Raw', value: scope });
    },
  });
}

function checkRule(rule: Rule, scope: string): void {
  if (rule.prelude.type !== 'SelectorList') refuse(`does not parse: "${selectorText(rule.prelude)}" is not a selector`);
  else
    rule.prelude.children.forEach((s) =>
      s.type === 'Selector' ? scopeSelector(s, scope) : refuse('does not parse: a selector is expected'),
    );
  rule.block.children.forEach((child) => {
    if (child.type !== 'Declaration') refuse('does not parse: a rule may hold only declarations (no nested rules)');
  });
}

function checkAtRule(at: Atrule, scope: string): void {
  const name = cssIdentifier(at.name);
  if (name === 'import') refuse('must not use @import (it loads another stylesheet)');
  if (!GROUPING_AT_RULES.has(name)) refuse(`must not use @${name}: only @media, @supports and @container are allowed`);
  if (!at.block) refuse(`does not parse: @${name} needs a block`);
  at.block?.children.forEach((child) => checkStatement(child, scope));
}

function checkStatement(node: CssNode, scope: string): void {
  if (node.type === 'Rule') checkRule(node, scope);
  else if (node.type === 'Atrule') checkAtRule(node, scope);
  else refuse('does not parse: a rule ("selector … { … }") is expected');
}

/** Values: no script URLs, no expression(), no properties that run code. */
function checkValues(ast: CssNode): void {
  walk(ast, {
    enter(node: CssNode) {
      if (node.type === 'Declaration' && SCRIPT_PROPERTIES.has(cssIdentifier(node.property)))
        refuse(`must not use the ${cssIdentifier(node.property)} property`);
      if (node.type === 'Url') {
        const p = urlProblem(node.value);
        if (p) refuse(p);
      }
      if (node.type === 'Function') {
        const name = cssIdentifier(node.name);
        if (name === 'expression') refuse('must not use expression()');
        if (name === 'url' || URL_FUNCTIONS.has(name))
          node.children.forEach((arg) => {
            const p = arg.type === 'String' || arg.type === 'Raw' ? urlProblem(arg.value) : null;
            if (p) refuse(p);
          });
      }
    },
  });
}

function scopeUncached(css: string, scope: string): CustomCssResult {
  if (css.length > CUSTOM_CSS_MAX) return { ok: false, message: `may be at most ${CUSTOM_CSS_MAX} characters` };
  // Checked on the text as written, before any parsing: the HTML parser ends a style element at "</style".
  if (/<\/?style/i.test(css) || css.includes('<!--')) return { ok: false, message: 'must not contain </style> or <!--' };
  if (/@import/i.test(css)) return { ok: false, message: 'must not use @import (it loads another stylesheet)' };
  if (/expression\s*\(/i.test(css)) return { ok: false, message: 'must not use expression()' };
  try {
    checkBraces(css);
    const errors: SyntaxParseError[] = [];
    const ast = parse(css, { positions: true, onParseError: (e) => errors.push(e) });
    const e = errors[0];
    if (e) refuse(`does not parse: ${e.message.replace(/\.$/, '')} (line ${e.line}, column ${e.column})`);
    if (ast.type !== 'StyleSheet') refuse('does not parse');
    checkValues(ast);
    if (ast.type === 'StyleSheet') ast.children.forEach((node) => checkStatement(node, scope));
    const out = generate(ast);
    // Strings are written decoded: an escaped "\3c/style>" must not come back as the real thing.
    if (/<\/?style/i.test(out) || out.includes('<!--')) refuse('must not contain </style> or <!--');
    return { ok: true, css: out };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    throw error;
  }
}

const cache = new Map<string, CustomCssResult>();
const CACHE_SIZE = 500;

/**
 * The element's custom CSS scoped to `scope` (the element's own selector), or why it is refused. Results are
 * kept (the same CSS renders on every page view until it is edited).
 */
export function scopeCustomCss(css: string, scope: string): CustomCssResult {
  const key = `${scope}\u0000${css}`;
  let result = cache.get(key);
  if (!result) {
    result = scopeUncached(css, scope);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, result);
  }
  return result;
}

/** Why a custom CSS setting is refused, or null (empty and absent are fine). */
export function customCssProblem(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return 'must be CSS as text';
  const result = scopeCustomCss(value, '.elementor-element');
  return result.ok ? null : result.message;
}
