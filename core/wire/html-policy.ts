// What editor and content-block HTML may contain: formatting, links, images and tables; no scripts, event
// handlers, styles or javascript: URLs. One allowlist, applied by the server (sanitize-html, when HTML is stored
// and again when it is rendered) and by the editor preview (DOMPurify), so the preview shows what visitors get.
export const HTML_POLICY = {
  tags: [
    ...['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span', 'div', 'a', 'ul', 'ol', 'li', 'blockquote'],
    ...['code', 'pre', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody'],
    ...['tr', 'th', 'td', 'small', 'mark', 'picture', 'source', 'section', 'button', 'nav'],
  ],
  /** Attributes per tag; '*' lists those every allowed tag may carry. */
  attributes: {
    // data-elementor-open-lightbox: an editor's per-link lightbox choice (yes / no / default) survives.
    a: ['href', 'title', 'target', 'rel', 'class', 'id', 'aria-label', 'data-elementor-open-lightbox'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading', 'class'],
    source: ['srcset', 'type', 'media'],
    // A labelled navigation list in text (seeded showcase table of contents) keeps its name when saved.
    nav: ['aria-label'],
    button: ['type', 'class', 'aria-label', 'data-dismiss'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    '*': ['class', 'id', 'aria-hidden', 'role', 'data-placeholder', 'data-slider-id', 'data-slug'],
  } as Record<string, string[]>,
  /** URL schemes of links; relative URLs are allowed, protocol-relative ones (//host) are not. */
  schemes: ['http', 'https', 'mailto', 'tel'],
  /** Elements dropped with everything inside them (other disallowed tags keep their text). */
  dropWithContent: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'iframe', 'object'],
  /** Images may also be data: URLs (pasted images). */
  imageSchemes: ['http', 'https', 'data'],
};

/** Whether `tag` may carry the attribute `name` under the policy. */
export function attributeAllowed(tag: string, name: string): boolean {
  const { attributes } = HTML_POLICY;
  return (attributes[tag] ?? []).includes(name) || attributes['*'].includes(name);
}

/** Whether a URL attribute value is allowed on `tag` (scheme allowlist; relative URLs pass, //host does not). */
export function urlAllowed(tag: string, value: string): boolean {
  const url = value.replace(/\p{Cc}|\s/gu, '');
  if (url.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return true;
  return (tag === 'img' ? HTML_POLICY.imageSchemes : HTML_POLICY.schemes).includes(scheme);
}
