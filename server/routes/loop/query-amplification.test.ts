import { describe, expect, it } from 'vitest';
import { linkableSearch, MAX_TERMS } from '../../../core/loop-filter/query-codec';
import { Client, useTestServer } from '../../testing/harness';

// A long query string must not be copied into every pagination and filter link of the page.

const server = useTestServer();

const pageSize = async (path: string) => {
  const { status, html } = await new Client(server.url).page(path);
  expect(status).toBe(200);
  return html.length;
};

describe('query amplification', () => {
  it('keeps only loop filter, page and search parameters in links', () => {
    expect(linkableSearch('?utm_source=x&s=soup&e-filter-abc-course=lunch&e-page-abc=2&junk=1')).toBe(
      '?s=soup&e-filter-abc-course=lunch&e-page-abc=2',
    );
    expect(linkableSearch(`?${Array.from({ length: 100 }, (_, i) => `e-page-w${i}=2`).join('&')}`).split('&')).toHaveLength(20);
  });

  it('answers a 14 KB unknown query and 2500 NOT terms with a page about the size of the plain one', async () => {
    const plain = await pageSize('/recipes');
    const junk = Array.from({ length: 400 }, (_, i) => `x${i}=${'y'.repeat(30)}`).join('&');
    expect(junk.length).toBeGreaterThan(14_000);
    expect(await pageSize(`/recipes?${junk}`)).toBeLessThan(plain * 1.5);
    const { html } = await new Client(server.url).page('/recipes');
    const grid = /data-id="([A-Za-z0-9]+)"[^>]*data-widget_type="loop-grid\.default"/.exec(html)![1];
    const notTerms = `!${Array.from({ length: 2500 }, (_, i) => `t${i}`).join('!')}`;
    expect(await pageSize(`/recipes?e-filter-${grid}-diet=${notTerms}`)).toBeLessThan(plain * 1.5 + MAX_TERMS * 200);
  });
});
