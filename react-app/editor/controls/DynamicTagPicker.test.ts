import { describe, expect, it } from 'vitest';
import { tagFit, withTag } from './DynamicTagPicker';

describe('the dynamic tag picker', () => {
  it('sits beside text, link and image controls of the Content tab only', () => {
    expect(tagFit({ key: 'title', label: 'Title', type: 'text' })).toBe('text');
    expect(tagFit({ key: 'editor', label: 'Text', type: 'richtext' })).toBe('text');
    expect(tagFit({ key: 'link', subKey: 'url', label: 'Link', type: 'url' })).toBe('link');
    expect(tagFit({ key: 'image', label: 'Image', type: 'media' })).toBe('image');
    expect(tagFit({ key: '_css_classes', label: 'CSS classes', type: 'text', tab: 'advanced' })).toBeNull();
    expect(tagFit({ key: 'align', label: 'Alignment', type: 'select' })).toBeNull();
  });

  it('appends a tag to text, and puts it in place of a link or an image address (keeping the alt text)', () => {
    expect(withTag('Hours:', '{{store.hours}}', 'text')).toBe('Hours: {{store.hours}}');
    expect(withTag('', '{{store.name}}', 'text')).toBe('{{store.name}}');
    expect(withTag('/old', '{{store.url}}', 'link')).toBe('{{store.url}}');
    expect(withTag({ url: '/a.png', alt: 'Our store' }, '{{product.image:bananas}}', 'image')).toEqual({
      url: '{{product.image:bananas}}',
      alt: 'Our store',
    });
  });
});
