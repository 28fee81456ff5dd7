import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it.each([
    'https://example.com/a',
    'http://x.test',
    'mailto:a@b.test',
    'tel:+15555550100',
    '/shop',
    '#top',
    '?s=milk',
    '//cdn.test/x.png',
    'page.html',
  ])('keeps %s', (u) => expect(safeUrl(u)).toBe(u));
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\u0000script:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    '',
  ])('drops %j', (u) => expect(safeUrl(u)).toBeNull());
  it('drops non-strings', () => {
    expect(safeUrl(undefined)).toBeNull();
    expect(safeUrl({ url: 'x' })).toBeNull();
  });
});
