import { describe, expect, it } from 'vitest';
import { defaultBreakpoints } from '../../../core/config/breakpoints';
import { COMMON_FRONTEND_SETTINGS } from '../element';
import { widgets } from '../index';
import { elementCss, hiddenClasses, onlyStylesTheElement } from './element-style';

describe('element style CSS', () => {
  it('writes nothing for an element without style settings', () => {
    expect(elementCss('a1', {})).toBe('');
  });

  it('writes desktop values, then tablet and mobile values in their own media queries', () => {
    const css = elementCss('a1', {
      _text_color: '#123456',
      _typography_font_size: { size: 32, unit: 'px' },
      _typography_font_size_tablet: { size: 20, unit: 'px' },
      _padding_mobile: { top: 4, right: 8, bottom: 4, left: 8, unit: 'px' },
    });
    expect(css).toContain('.elementor-element.elementor-element-a1{font-size:32px;color:#123456}');
    expect(css).toContain('.elementor-element.elementor-element-a1 :where(h1,h2,h3,h4,h5,h6,p,a,li,span,label,button){font-size:inherit}');
    expect(css).toContain('@media (max-width:1024px){.elementor-element.elementor-element-a1{font-size:20px}}');
    expect(css).toContain('@media (max-width:767px){.elementor-element.elementor-element-a1{padding:4px 8px 4px 8px}}');
  });

  it('refuses values that would break out of the declaration', () => {
    const css = elementCss('a1', {
      _text_color: 'red;}</style><script>',
      _typography_font_family: 'x;}body{display:none',
      _margin: { top: '1;}' },
    });
    expect(css).toBe('');
    expect(elementCss('bad id}', { _text_color: '#fff' })).toBe('');
  });

  it('hides per device with the kit breakpoints', () => {
    const css = elementCss('a1', { hide_tablet: 'yes' });
    expect(css).toBe('@media (min-width:768px) and (max-width:1024px){.elementor-element.elementor-element-a1{display:none}}');
    expect(hiddenClasses({ hide_tablet: 'yes', hide_mobile: '' })).toEqual(['elementor-hidden-tablet']);
  });

  it('resolves one device without media queries for the editor preview (mobile inherits tablet)', () => {
    const s = { _typography_font_size: 30, _typography_font_size_tablet: 18, hide_mobile: 'yes' };
    expect(elementCss('a1', s, defaultBreakpoints, 'mobile')).toBe(
      '.elementor-element.elementor-element-a1{font-size:18px}' +
        '.elementor-element.elementor-element-a1 :where(h1,h2,h3,h4,h5,h6,p,a,li,span,label,button){font-size:inherit}' +
        '.elementor-element.elementor-element-a1{opacity:.4}',
    );
    expect(elementCss('a1', s, defaultBreakpoints, 'desktop')).toMatch(/^\.elementor-element\.elementor-element-a1\{font-size:30px\}/);
  });

  it('names the keys only the stylesheet reads: the editor restyles without re-creating handlers', () => {
    for (const key of ['_background_color', '_typography_font_size_tablet', '_margin_mobile_extra', 'flex_gap_mobile'])
      expect(onlyStylesTheElement(key)).toBe(true);
    // Classes on the wrapper, handler settings and content change the markup.
    for (const key of ['hide_mobile', '_animation', 'sticky', 'speed', 'title', '_background_color_tablet'])
      expect(onlyStylesTheElement(key)).toBe(false);
    // No handler reads one: none is in any widget's data-settings.
    const handlerKeys = [...COMMON_FRONTEND_SETTINGS, ...Object.values(widgets).flatMap((w) => w.frontendSettings)];
    expect(handlerKeys.filter(onlyStylesTheElement)).toEqual([]);
  });
});
