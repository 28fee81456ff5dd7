import { JSDOM } from 'jsdom';
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

// One window parses every page as a whole document (the same tree building as a new JSDOM, scripts never
// run) at a third of the cost of a window per page: the XSS suite parses hundreds of pages.
let parser: DOMParser | undefined;
const parse = (html: string): Document => (parser ??= new new JSDOM('').window.DOMParser()).parseFromString(html, 'text/html');

export function inertProblems(html: string, allowedScriptSrc: RegExp = /^\/assets\//): string[] {
  const problems: string[] = [];
  const document = parse(html);
  for (const s of document.querySelectorAll('script')) {
    const type = s.getAttribute('type') ?? '';
    if (type === 'application/json' || type === 'application/ld+json') {
      try {
        JSON.parse(s.textContent ?? '');
      } catch {
        problems.push(`JSON script broken: ${s.outerHTML.slice(0, 120)}`);
      }
      continue;
    }
    const src = s.getAttribute('src');
    // The page's one inline script (the shop's deep-link mark, allowed by its hash in the CSP): ours only when its
    // text is exactly ours and its one attribute is a store id.
    if (!src && s.textContent === SHOP_ROUTE_SCRIPT && /^\d*$/.test(s.getAttribute('data-store') ?? '') && s.attributes.length === 1)
      continue;
    if (!src || !allowedScriptSrc.test(src)) problems.push(`script: ${s.outerHTML.slice(0, 120)}`);
  }
  for (const el of document.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`handler attribute ${name} on <${el.tagName.toLowerCase()}>`);
      if (URL_ATTRS.includes(name) && BAD_URL.test(clean(attr.value)))
        problems.push(`${name}=${attr.value.slice(0, 60)} on <${el.tagName.toLowerCase()}>`);
      if (name === 'data-settings' || name === 'data-props') {
        try {
          JSON.parse(attr.value);
        } catch {
          problems.push(`${name} is not JSON on <${el.tagName.toLowerCase()}>`);
        }
      }
    }
    const tag = el.tagName.toLowerCase();
    if (['iframe', 'object', 'embed', 'base', 'frame', 'frameset', 'applet'].includes(tag)) problems.push(`<${tag}> element`);
    if (tag === 'meta' && /refresh/i.test(el.getAttribute('http-equiv') ?? '')) problems.push('meta refresh');
    if (tag === 'style' && /javascript:|expression\(/i.test(el.textContent ?? '')) problems.push('style with script');
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
