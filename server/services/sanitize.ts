import sanitizeHtml from 'sanitize-html';
import { HTML_POLICY } from '../../core/wire/html-policy';

// Editor and content-block HTML under the shared policy (core/wire/html-policy.ts). Used when HTML is stored and
// again when it is rendered; the editor preview applies the same policy with DOMPurify.
const options: sanitizeHtml.IOptions = {
  allowedTags: HTML_POLICY.tags,
  allowedAttributes: HTML_POLICY.attributes,
  allowedSchemes: HTML_POLICY.schemes,
  allowedSchemesByTag: { img: HTML_POLICY.imageSchemes },
  allowProtocolRelative: false,
  nonTextTags: HTML_POLICY.dropWithContent,
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, options);
}
