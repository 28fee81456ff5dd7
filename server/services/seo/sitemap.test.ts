import { describe, expect, it } from 'vitest';
import { indexXml, robotsTxt, splitSitemap, urlsetXml } from './sitemap';
import { normalizePath, readRedirectCsv } from './redirects';

describe('sitemap files', () => {
  it('are split at the limit (50,000 by default) into numbered parts', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ path: `/p${i}`, lastmod: null }));
    expect(splitSitemap(entries, 2).map((p) => p.length)).toEqual([2, 2, 1]);
    expect(splitSitemap(Array.from({ length: 50_001 }, (_, i) => i)).map((p) => p.length)).toEqual([50_000, 1]);
    expect(splitSitemap([], 2)).toEqual([]);
  });
  it('escape addresses and write lastmod as W3C date-times', () => {
    const xml = urlsetXml('https://s.example', [{ path: '/a?b=1&c=2', lastmod: Date.UTC(2026, 10, 27) }]);
    expect(xml).toContain('<loc>https://s.example/a?b=1&amp;c=2</loc><lastmod>2026-11-27T00:00:00.000Z</lastmod>');
    expect(indexXml('https://s.example', [{ path: '/sitemaps/pages-1.xml', lastmod: null }])).toContain(
      '<sitemap><loc>https://s.example/sitemaps/pages-1.xml</loc></sitemap>',
    );
  });
  it('robots.txt names the index', () => {
    expect(robotsTxt('https://s.example')).toMatch(/^Sitemap: https:\/\/s\.example\/sitemap\.xml$/m);
  });
});

describe('redirect addresses', () => {
  const SITE = 'https://s.example';
  it('keep the path and query of an old site’s URL, without trailing slash or fragment', () => {
    expect(normalizePath('https://old.example/About-Us/?x=1#top', 'from', SITE)).toEqual({ path: '/About-Us?x=1' });
    expect(normalizePath('https://s.example/recipes/', 'to', SITE)).toEqual({ path: '/recipes' });
    expect(normalizePath('/', 'to', SITE)).toEqual({ path: '/' });
  });
  it.each(['//evil.example', 'https://evil.example/x', 'javascript:alert(1)', '', 'no-slash'])('refuse %j as a target', (to) => {
    expect(normalizePath(to, 'to', SITE)).toHaveProperty('problem');
  });
  it('read a CSV with or without a header, reporting line numbers', () => {
    expect(readRedirectCsv('old,new\n/a,/b\n"/c",/d\n')).toEqual({
      rows: [
        { line: 2, from: '/a', to: '/b' },
        { line: 3, from: '/c', to: '/d' },
      ],
    });
    expect(readRedirectCsv('/a,/b')).toEqual({ rows: [{ line: 1, from: '/a', to: '/b' }] });
    expect(readRedirectCsv('/a\n')).toEqual({ rows: [{ line: 1, from: '/a', to: '' }] });
    expect(readRedirectCsv('')).toHaveProperty('problem');
    expect(readRedirectCsv('"/a,/b')).toHaveProperty('problem');
  });
});
