import sanitizeHtml from 'sanitize-html';

// Editor and content-block HTML: formatting, links, images and tables; no scripts, handlers, styles with
// expressions or javascript: URLs. Used when HTML is stored and again when it is rendered.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'div',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'small',
    'mark',
    'picture',
    'source',
    'section',
    'button',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'class', 'id', 'aria-label'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading', 'class'],
    source: ['srcset', 'type', 'media'],
    button: ['type', 'class', 'aria-label', 'data-dismiss'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    '*': ['class', 'id', 'aria-hidden', 'role', 'data-placeholder', 'data-slider-id', 'data-slug'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, options);
}
