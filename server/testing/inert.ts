import { type DefaultTreeAdapterTypes as T, parse, serializeOuter } from 'parse5';
import { SHOP_ROUTE_SCRIPT } from '../../core/shop/route-mark';

// Checks that an HTML page carries nothing a stored-XSS payload could run: no scripts but ours, no event
// handler attributes, no script-capable URLs, no frames or plugins, and JSON islands that still parse.

export const xssPayloads = [
  '<script>window.__xss=1</script>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<img src=x onerror="window.__xss=1">',
  '<svg onload=window.__xss=1>',
  '<svg><script>window.__xss=1</script></svg>',
  'javascript:window.__xss=1',
  ' JaVaScRiPt:window.__xss=1',
  'java\tscript:window.__xss=1',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==',
  '</script><script>window.__xss=1</script>',
  '<!--<script>window.__xss=1</script>-->',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '{{constructor.constructor("window.__xss=1")()}}',
  '\u2028\u2029</script>',
  '<base href="javascript:/">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>x</button></form>',
  '<style>@import "javascript:window.__xss=1";</style>',
];

const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'background', 'srcset'];
const BAD_URL = /^\s*(javascript|vbscript|data:text\/html)/i;
// eslint-disable-next-line no-control-regex
const clean = (v: string) => v.replace(/[\u0000-\u0020]/g, '');

// Pages are parsed by parse5, the HTML parser jsdom itself builds its documents with: the same tree (scripts never
// run), without a DOM around it. The XSS suite parses hundreds of pages, and jsdom's DOMParser took about 4.5 of the
// file's 14 CPU-s building documents only to be walked (docs/testing.md).
type Element = T.Element;
const isElement = (node: T.ChildNode): node is Element => 'tagName' in node;
/** Every element in document order, as `querySelectorAll('*')` gives them (not into a template's content). */
function* elements(parent: T.ParentNode): Generator<Element> {
  for (const node of parent.childNodes) {
    if (!isElement(node)) continue;
    yield node;
    yield* elements(node);
  }
}
/** An attribute's qualified name as the DOM spells it (`xlink:href`). */
const attrName = (attr: T.Element['attrs'][number]) => (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name);
const getAttr = (el: Element, name: string) => el.attrs.find((a) => attrName(a) === name)?.value ?? null;
const textOf = (el: Element): string => el.childNodes.map((n) => ('value' in n ? n.value : isElement(n) ? textOf(n) : '')).join('');

export function inertProblems(html: string, allowedScriptSrc: RegExp = /^\/assets\//): string[] {
  const problems: string[] = [];
  const all = [...elements(parse(html))];
  for (const s of all) {
    if (s.tagName !== 'script') continue;
    const type = getAttr(s, 'type') ?? '';
    if (type === 'application/json' || type === 'application/ld+json') {
      try {
        JSON.parse(textOf(s));
      } catch {
        problems.push(`JSON script broken: ${serializeOuter(s).slice(0, 120)}`);
      }
      continue;
    }
    const src = getAttr(s, 'src');
    // The page's one inline script (the shop's deep-link mark, allowed by its hash in the CSP): ours only when its
    // text is exactly ours and its one attribute is a store id.
    if (!src && textOf(s) === SHOP_ROUTE_SCRIPT && /^\d*$/.test(getAttr(s, 'data-store') ?? '') && s.attrs.length === 1) continue;
    if (!src || !allowedScriptSrc.test(src)) problems.push(`script: ${serializeOuter(s).slice(0, 120)}`);
  }
  for (const el of all) {
    const tag = el.tagName.toLowerCase();
    for (const attr of el.attrs) {
      const name = attrName(attr).toLowerCase();
      if (name.startsWith('on')) problems.push(`handler attribute ${name} on <${tag}>`);
      if (URL_ATTRS.includes(name) && BAD_URL.test(clean(attr.value))) problems.push(`${name}=${attr.value.slice(0, 60)} on <${tag}>`);
      if (name === 'data-settings' || name === 'data-props') {
        try {
          JSON.parse(attr.value);
        } catch {
          problems.push(`${name} is not JSON on <${tag}>`);
        }
      }
    }
    if (['iframe', 'object', 'embed', 'base', 'frame', 'frameset', 'applet'].includes(tag)) problems.push(`<${tag}> element`);
    if (tag === 'meta' && /refresh/i.test(getAttr(el, 'http-equiv') ?? '')) problems.push('meta refresh');
    if (tag === 'style' && /javascript:|expression\(/i.test(textOf(el))) problems.push('style with script');
  }
  return problems;
}

/** Replaces every string leaf of settings (not ids or types) with the payload, keeping the shape. */
export function poison<T>(value: T, payload: string, key = ''): T {
  if (typeof value === 'string') return (['id', 'elType', 'widgetType', 'island', 'unit'].includes(key) ? value : payload) as T;
  if (Array.isArray(value)) return value.map((v) => poison(v, payload, key)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = poison(v, payload, k);
    return out as T;
  }
  return value;
}
