import DOMPurify, { type WindowLike } from 'dompurify';
import { attributeAllowed, HTML_POLICY, urlAllowed } from '../../core/wire/html-policy';

// The editor preview cleans HTML under the same policy as the server (core/wire/html-policy.ts), so what an
// editor sees is what visitors get. DOMPurify parses like the browser does; the policy decides what stays.
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset']);

export function createPreviewSanitizer(window: WindowLike): (html: string) => string {
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    if (!attributeAllowed(tag, data.attrName) || (URL_ATTRIBUTES.has(data.attrName) && !urlAllowed(tag, data.attrValue))) {
      data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
  const config = {
    ALLOWED_TAGS: HTML_POLICY.tags,
    ALLOWED_ATTR: [...new Set(Object.values(HTML_POLICY.attributes).flat())],
    FORBID_CONTENTS: HTML_POLICY.dropWithContent,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  };
  // Set once: a config passed with each call is parsed again at each call (its tag and attribute sets rebuilt).
  purify.setConfig(config);
  return (html) => purify.sanitize(html);
}

let sanitizer: ((html: string) => string) | null = null;
/**
 * Cleaned HTML by its source: an undo or a restored revision re-renders every text on the page, and each
 * DOMPurify call parses a document of its own. Bounded: emptied when full.
 */
const cleaned = new Map<string, string>();
export const SANITIZE_CACHE_LIMIT = 2000;

export function sanitizePreviewHtml(html: string): string {
  const known = cleaned.get(html);
  if (known !== undefined) return known;
  sanitizer ??= createPreviewSanitizer(window);
  const out = sanitizer(html);
  if (cleaned.size >= SANITIZE_CACHE_LIMIT) cleaned.clear();
  cleaned.set(html, out);
  return out;
}
