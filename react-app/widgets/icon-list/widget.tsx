import { widgetIconUrl } from '../../../core/catalogue/widget-icons';
import { safeUrl } from '../../../core/security/safe-url';
import { ICON_OPTIONS, iconSize } from '../icon/widget';
import { choices, str, type WidgetDefinition } from '../types';

interface IconListItem {
  text?: unknown;
  icon?: unknown;
  link?: { url?: unknown };
}

/** A list with an icon before each line (the icons decorate: the text says it), each line optionally a link. */
export const iconList: WidgetDefinition = {
  type: 'icon-list',
  title: 'Icon List',
  frontendSettings: [],
  controls: [
    {
      key: 'icon_list',
      label: 'Items',
      type: 'repeater',
      fields: [
        { key: 'text', label: 'Text', type: 'text' },
        { key: 'icon', label: 'Icon', type: 'select', options: ICON_OPTIONS },
        { key: 'link', subKey: 'url', label: 'Link', type: 'url' },
      ],
    },
    {
      key: 'layout',
      label: 'Layout',
      type: 'select',
      options: choices({ traditional: 'One per line', inline: 'In a row' }),
      default: 'traditional',
    },
    { key: 'icon_size', label: 'Icon size', type: 'slider', unit: 'px', min: 16, max: 64, default: { size: 24, unit: 'px' } },
  ],
  defaults: {
    icon_list: [
      { text: 'Fresh produce every morning', icon: 'leafy-green' },
      { text: 'Free curbside pickup', icon: 'automobile' },
      { text: 'Digital coupons every week', icon: 'ticket', link: { url: '/shop#!/coupons' } },
    ],
  },
  render: (s) => {
    const items = Array.isArray(s.icon_list) ? (s.icon_list as IconListItem[]) : [];
    const size = iconSize(s.icon_size, 24);
    const inline = s.layout === 'inline';
    return (
      <ul className={`elementor-icon-list-items${inline ? ' elementor-inline-items' : ''}`}>
        {items.map((item, i) => {
          const href = safeUrl(item.link?.url);
          const line = (
            <>
              <span className="elementor-icon-list-icon">
                <img src={widgetIconUrl(item.icon)} alt="" width={size} height={size} loading="lazy" />
              </span>
              <span className="elementor-icon-list-text">{str(item.text)}</span>
            </>
          );
          return (
            <li key={i} className="elementor-icon-list-item">
              {href ? <a href={href}>{line}</a> : line}
            </li>
          );
        })}
      </ul>
    );
  },
};
