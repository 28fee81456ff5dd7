import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createPreviewSanitizer } from '../../react-app/editor/preview-sanitize';
import { sanitize } from './sanitize';

// The editor preview and the published page clean HTML under one policy: the same input gives the same DOM.
const { window } = new JSDOM('');
const preview = createPreviewSanitizer(window as unknown as Parameters<typeof createPreviewSanitizer>[0]);
const normal = (html: string): string => {
  const el = window.document.createElement('div');
  el.innerHTML = html;
  return el.innerHTML;
};

const corpus = [
  '<p>Fresh <strong>Honeycrisp</strong> apples, <em>$2.09/lb</em></p>',
  '<a href="https://example.com/ad" target="_blank">Weekly ad</a>',
  '<a href="/recipes/chili" title="Chili">Chili</a>',
  '<a href="mailto:help@harvestlane.test">Mail us</a> <a href="tel:+15555550100">Call</a>',
  '<img src="/media/a.png" alt="Apples" width="40" onerror="alert(1)">',
  '<img src="data:image/png;base64,AAAA" alt="pasted">',
  '<script>alert(1)</script><p>after</p>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<iframe src="https://x"></iframe><p>ok</p>',
  '<p style="background:url(javascript:alert(1))" data-x="1" class="lead" aria-hidden="true">styled</p>',
  '<svg><script>alert(1)</script></svg><math><mi>x</mi></math>',
  '<table><thead><tr><th scope="col" onclick="x()">Item</th></tr></thead><tbody><tr><td colspan="2">Milk</td></tr></tbody></table>',
  '<button type="button" class="banner__close" data-dismiss="banner" formaction="javascript:alert(1)">×</button>',
  '<form action="/x"><input name="q"></form><p>kept</p>',
  '<div data-placeholder="personalized-content" data-slug="deli"><span>Deli</span></div>',
];

describe('one HTML policy for the server and the editor preview', () => {
  it("keeps an editor's per-link lightbox choice", () => {
    const html = '<a href="/media/a.png" data-elementor-open-lightbox="no"><img src="/media/a.png" alt="A"></a>';
    expect(sanitize(html)).toContain('data-elementor-open-lightbox="no"');
    expect(normal(preview(html))).toBe(normal(sanitize(html)));
  });

  it.each(corpus)('%s', (html) => {
    const server = sanitize(html);
    expect(normal(preview(html))).toBe(normal(server));
    expect(server).not.toMatch(/javascript:|onerror|onclick|<script|<iframe|style=|formaction|\/\/evil/i);
  });
});
