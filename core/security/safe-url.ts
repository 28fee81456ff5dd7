// Widget URL settings accept only http(s), mailto, tel and relative URLs (stored XSS through `javascript:`
// links is a known page-builder CVE class). Anything else renders as no link at all.

const ALLOWED = /^(https?:|mailto:|tel:)/i;

export function safeUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  // Browsers ignore ASCII control characters and whitespace inside schemes: strip them before judging.
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (url === '') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (!scheme) return raw.trim(); // relative: path, query, hash or protocol-relative
  return ALLOWED.test(url) ? raw.trim() : null;
}
