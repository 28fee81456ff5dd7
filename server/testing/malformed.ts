import fc from 'fast-check';

// Generators of malformed input for the fuzz test: wrong types, huge strings, unicode, missing fields,
// SQL and HTML metacharacters, broken JSON.

export const nasty = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '1; SELECT * FROM sessions',
  '%',
  '_',
  '\\',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '😀🥕',
  'Ω≈ç√∫',
  '\u202e\u202d',
  'ｓｔｏｒｅ',
  'a'.repeat(5000),
  '🥕'.repeat(1000),
  '+~!',
  'e-filter-x-y=a+b',
  '#!/x',
];

/** Keys the routes actually read, so generated objects reach past the first check. */
export const keys = [
  'store_id',
  'id',
  'email',
  'password',
  'name',
  'product_id',
  'quantity',
  'items',
  'slug',
  'slider_id',
  'webp',
  's',
  'page',
  'post_id',
  'widget_id',
  'widget_filters',
  'pagination_base_url',
  'widget_model',
  'is_edit_mode',
  'terms',
  'taxonomy',
  'logicalJoin',
  'title',
  'tree',
  'settings',
  'status',
  'message',
  'phone',
  'guests',
  'length',
  'event',
  'details',
  'type',
  'store_group_ids',
  'user_group_ids',
  'filter',
  'sort',
  'per_page',
  'redirect_to',
  'doc_type',
  'manifest',
  'html',
  // Hash-route parameters of the shop module that reach the API (#!/?store_id=…&department=…&q=…).
  'department',
  'q',
  'pickup_date',
  'template_preview',
  'preview',
];

const scalar = fc.oneof(
  fc.constantFrom(...nasty),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 5 }),
  ),
})).value;

export function samples<T>(arb: fc.Arbitrary<T>, n: number, seed: number): T[] {
  return fc.sample(arb, { numRuns: n, seed });
}

export const bodies = (n: number, seed: number): string[] => [
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"str"',
  '123',
  'true',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  JSON.stringify({ a: 'x'.repeat(200_000) }),
  '['.repeat(5000) + ']'.repeat(5000),
  ...samples(fc.dictionary(fc.constantFrom(...keys), jsonValue, { maxKeys: 6 }), n, seed).map((o) => JSON.stringify(o)),
  ...samples(jsonValue, Math.ceil(n / 3), seed + 1).map((v) => JSON.stringify(v) ?? 'null'),
];

export const queryStrings = (n: number, seed: number): string[] =>
  samples(
    fc.dictionary(
      fc.constantFrom(...keys, '_wpnonce', 'e-filter-abc-course', 'e-page-abc'),
      fc.oneof(fc.constantFrom(...nasty), fc.string({ maxLength: 30 })),
      { maxKeys: 4 },
    ),
    n,
    seed,
  ).map((o) => new URLSearchParams(o as Record<string, string>).toString());

export const pathValues = [
  '0',
  '-1',
  'abc',
  '1.5',
  '99999999999999999999',
  '%00',
  "'%20OR%201=1",
  '%3Cscript%3E',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%A5%95',
  'a'.repeat(290),
  '1001',
  '1',
];
