import { choices, str, type WidgetDefinition } from '../types';

const STYLES = new Set(['solid', 'dashed', 'dotted', 'double']);
const ALIGNS = new Set(['left', 'center', 'right']);
const COLOR = /^(#[0-9a-f]{3,8}|var\(--[\w-]+\))$/i;

const clamp = (v: unknown, min: number, max: number, fallback: number): number => {
  const raw = typeof v === 'object' && v !== null ? (v as { size?: unknown }).size : v;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/** A horizontal rule between sections of content, with its line's style, weight, width and colour. */
export const divider: WidgetDefinition = {
  type: 'divider',
  title: 'Divider',
  frontendSettings: [],
  controls: [
    {
      key: 'style',
      label: 'Style',
      type: 'select',
      options: choices({ solid: 'Solid', dashed: 'Dashed', dotted: 'Dotted', double: 'Double' }),
      default: 'solid',
    },
    { key: 'weight', label: 'Weight', type: 'slider', unit: 'px', min: 1, max: 10, default: { size: 1, unit: 'px' } },
    { key: 'width', label: 'Width', type: 'slider', unit: '%', min: 5, max: 100, default: { size: 100, unit: '%' } },
    { key: 'color', label: 'Colour', type: 'color', default: '' },
    { key: 'gap', label: 'Space above and below', type: 'slider', unit: 'px', min: 2, max: 50, default: { size: 15, unit: 'px' } },
    {
      key: 'align',
      label: 'Alignment',
      type: 'select',
      options: choices({ left: 'Left', center: 'Center', right: 'Right' }),
      default: 'center',
    },
  ],
  defaults: { style: 'solid', weight: { size: 2, unit: 'px' }, width: { size: 100, unit: '%' } },
  render: (s) => {
    const style = STYLES.has(str(s.style)) ? str(s.style) : 'solid';
    const align = ALIGNS.has(str(s.align)) ? str(s.align) : 'center';
    const color = COLOR.test(str(s.color)) ? str(s.color) : undefined;
    const gap = clamp(s.gap, 2, 50, 15);
    return (
      <div className={`elementor-divider e-divider-align-${align}`} style={{ paddingBlock: `${gap}px` }}>
        <hr
          className="elementor-divider-separator"
          style={{
            borderTopStyle: style as 'solid',
            borderTopWidth: `${clamp(s.weight, 1, 10, 1)}px`,
            width: `${clamp(s.width, 5, 100, 100)}%`,
            borderTopColor: color,
          }}
        />
      </div>
    );
  },
};
