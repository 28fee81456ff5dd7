// A/B variants: a visitor sees the same variant of a subject on every view (a stable hash of the visitor id
// and the subject), and about half the visitors see each. Visitors who refuse tracking have no id: variant A.

export type Variant = 'A' | 'B';

/** FNV-1a, 32 bits: fast, well spread over short strings, the same in every runtime. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function variantFor(visitorId: string | null, subject: string): Variant {
  if (!visitorId) return 'A';
  return fnv1a(`${visitorId}|${subject}`) % 2 === 0 ? 'A' : 'B';
}
