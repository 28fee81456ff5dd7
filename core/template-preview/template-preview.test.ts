// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findTemplateElement, templatePreviewId } from './template-preview';

describe('theme-template preview parameter', () => {
  it.each([
    ['?template_preview=95', '95'],
    ['?a=1&template_preview=c95a04', 'c95a04'],
    ['?template_preview=', null],
    ['?template_preview=%22%5D%20*', null],
    ['?other=1', null],
    ['', null],
  ])('%s → %s', (search, id) => expect(templatePreviewId(search)).toBe(id));

  it('finds the template document first, then an element id', () => {
    document.body.innerHTML = '<div data-elementor-id="7"><div data-id="abc123"></div></div><div data-id="7"></div>';
    expect(findTemplateElement(document, '7')?.getAttribute('data-elementor-id')).toBe('7');
    expect(findTemplateElement(document, 'abc123')?.dataset.id).toBe('abc123');
    expect(findTemplateElement(document, 'zzz')).toBeNull();
  });
});
