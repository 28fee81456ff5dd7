import { describe, expect, it } from 'vitest';
import { applyTitleTemplate, canonicalProblem, descriptionHint, imageProblem, plainDescription, snippet } from './rules';
import { readSeo, seoFieldsSchema } from '../wire/seo';

const SITE = 'https://shop.example.com';

describe('canonical addresses', () => {
  it('accept a site path or an address on the site', () => {
    expect(canonicalProblem('/recipes/shakshuka', SITE)).toBeNull();
    expect(canonicalProblem('https://shop.example.com/recipes/shakshuka', SITE)).toBeNull();
    expect(canonicalProblem('', SITE)).toBeNull();
  });
  // Probes: each must be refused.
  it.each([
    ['https://evil.example/page', /on this site/],
    ['//evil.example/page', /path starting with \//],
    ['javascript:alert(1)', /http and https/],
    ['java\tscript:alert(1)', /http and https/],
    ['data:text/html,hi', /http and https/],
    ['recipes/shakshuka', /path starting with \//],
    ['/\\evil.example', /path starting with \//],
  ])('refuse %s', (value, message) => {
    expect(canonicalProblem(value, SITE)).toMatch(message);
  });
  it('share images may be on a CDN but never a script', () => {
    expect(imageProblem('https://cdn.example.com/a.png')).toBeNull();
    expect(imageProblem('/media/social/site.png')).toBeNull();
    expect(imageProblem('javascript:alert(1)')).toMatch(/image path/);
    expect(imageProblem('//evil.example/a.png')).toMatch(/image path/);
  });
});

describe('the SEO fields schema', () => {
  it('names the field and the limit of a 10,000-character title', () => {
    const r = seoFieldsSchema(SITE).safeParse({ title: 'x'.repeat(10_000) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['title'], message: 'The SEO title may be at most 200 characters.' });
  });
  it('refuses unknown fields and control characters', () => {
    expect(seoFieldsSchema(SITE).safeParse({ keywords: 'x' }).success).toBe(false);
    expect(seoFieldsSchema(SITE).safeParse({ description: 'a\u0000b' }).success).toBe(false);
  });
  it('reads stored fields leniently: a bad field is dropped, never served', () => {
    expect(readSeo('{"title":"Fine","canonical":"javascript:alert(1)","noindex":true}')).toEqual({ title: 'Fine', noindex: true });
    expect(readSeo('not json')).toEqual({});
    expect(readSeo(null)).toEqual({});
  });
});

describe('titles and descriptions', () => {
  it('fills the template, and the home page is the site name alone', () => {
    expect(applyTitleTemplate('%title% | %site%', { title: 'Shakshuka', site: 'Harvest Lane' })).toBe('Shakshuka | Harvest Lane');
    expect(applyTitleTemplate('%site% – %title%', { title: 'Shakshuka', site: 'Harvest Lane' })).toBe('Harvest Lane – Shakshuka');
    expect(applyTitleTemplate('%title% | %site%', { title: 'Harvest Lane', site: 'Harvest Lane' })).toBe('Harvest Lane');
    expect(applyTitleTemplate('', { title: 'Wine', site: 'Harvest Lane' })).toBe('Wine | Harvest Lane');
  });
  it('hints at the description length', () => {
    expect(descriptionHint(0).tone).toBe('empty');
    expect(descriptionHint(20).tone).toBe('short');
    expect(descriptionHint(120).tone).toBe('good');
    expect(descriptionHint(200).tone).toBe('long');
  });
  it('cuts at a word with an ellipsis and reads text out of markup', () => {
    expect(snippet('one two three four', 12)).toBe('one two…');
    expect(plainDescription('<p>Fresh <b>apples</b> &amp; pears</p><script>x()</script>')).toBe('Fresh apples & pears');
  });
});
