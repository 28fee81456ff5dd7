import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ControlInput } from './ControlInput';

const colour = { key: '_text_color', label: 'Text colour', type: 'color', tab: 'style', section: 'Colours' } as const;
const picker = (value: unknown) => {
  const html = renderToStaticMarkup(<ControlInput control={colour} value={value} inputId="c" uploadUrl="/u" onChange={() => undefined} />);
  return /<input type="color"[^>]*>/.exec(html)?.[0] ?? '';
};

describe('a colour control', () => {
  it('shows an empty "none" swatch, not black, when no colour is set', () => {
    for (const empty of [undefined, '', 'var(--e-global-color-primary)']) {
      const input = picker(empty);
      expect(input).not.toContain('value="#000000"');
      expect(input).toContain('editor-color__picker--none');
      expect(input).toContain('aria-label="Text colour picker (no colour set)"');
    }
  });

  it('shows the colour that is set', () => {
    const input = picker('#1a7f37');
    expect(input).toContain('value="#1a7f37"');
    expect(input).not.toContain('--none');
  });
});
