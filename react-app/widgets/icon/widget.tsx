import { WIDGET_ICONS, widgetIconUrl } from '../../../core/catalogue/widget-icons';
import { safeUrl } from '../../../core/security/safe-url';
import { choices, str, type WidgetDefinition } from '../types';

/** The icon choices of the Icon and Icon List widgets (core/catalogue/widget-icons.ts). */
export const ICON_OPTIONS = choices(WIDGET_ICONS);

const ALIGNS = new Set(['left', 'center', 'right']);

/** A size in px from a slider value (a number or {size}), kept between 16 and 256. */
export function iconSize(v: unknown, fallback = 48): number {
  const raw = typeof v === 'object' && v !== null ? (v as { size?: unknown }).size : v;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.min(256, Math.max(16, Math.round(n))) : fallback;
}

/**
 * One icon, decorative unless it links somewhere or is given a label (then the label is its name). Drawn by the
 * server from the icon set, so no icon font or set ships to the browser.
 */
export const icon: WidgetDefinition = {
  type: 'icon',
  title: 'Icon',
  frontendSettings: [],
  controls: [
    { key: 'icon', label: 'Icon', type: 'select', options: ICON_OPTIONS, default: 'shopping-cart' },
    { key: 'label', label: 'Label (read aloud)', type: 'text', help: 'Leave empty for an icon that only decorates.' },
    { key: 'link', subKey: 'url', label: 'Link', type: 'url' },
    { key: 'size', label: 'Size', type: 'slider', unit: 'px', min: 16, max: 256, default: { size: 48, unit: 'px' } },
    {
      key: 'align',
      label: 'Alignment',
      type: 'select',
      options: choices({ left: 'Left', center: 'Center', right: 'Right' }),
      default: 'center',
    },
  ],
  defaults: { icon: 'basket', size: { size: 64, unit: 'px' }, align: 'center' },
  render: (s) => {
    const size = iconSize(s.size);
    const href = safeUrl((s.link as { url?: string } | undefined)?.url);
    const label = str(s.label).trim() || (href ? (WIDGET_ICONS[str(s.icon)] ?? 'Link') : '');
    const align = ALIGNS.has(str(s.align)) ? str(s.align) : 'center';
    const picture = <img className="elementor-icon" src={widgetIconUrl(s.icon)} alt={label} width={size} height={size} loading="lazy" />;
    return (
      <div className={`elementor-icon-wrapper e-icon-align-${align}`}>
        {href ? (
          <a className="elementor-icon-link" href={href}>
            {picture}
          </a>
        ) : (
          picture
        )}
      </div>
    );
  },
};
