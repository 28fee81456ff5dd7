// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizePreviewHtml } from './preview-sanitize';

describe('preview sanitiser', () => {
  it.each([
    ['<p>ok <strong>bold</strong></p>', '<p>ok <strong>bold</strong></p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x">'],
    ['<script>alert(1)</script><p>a</p>', '<p>a</p>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<iframe src="https://x"></iframe>', ''],
  ])('%s', (input, expected) => expect(sanitizePreviewHtml(input)).toBe(expected));

  it('answers a repeated source from its cache with the same cleaned markup', () => {
    const dirty = '<p onclick="x()">again <script>alert(1)</script></p>';
    expect(sanitizePreviewHtml(dirty)).toBe('<p>again </p>');
    expect(sanitizePreviewHtml(dirty)).toBe('<p>again </p>');
  });
});
