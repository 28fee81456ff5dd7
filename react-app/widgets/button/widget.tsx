import { safeUrl } from '../../../core/security/safe-url';
import { isShopIntentHref, SHOP_INTENT_CLASS } from '../../../core/shop/shop-intent';
import { choices, str, type WidgetDefinition } from '../types';

const SIZES = new Set(['sm', 'md', 'lg']);
const ALIGNS = new Set(['left', 'center', 'right', 'justify']);

/** A call to action: a link styled as a button (a link into the shop takes the shop-intent look). */
export const button: WidgetDefinition = {
  type: 'button',
  title: 'Button',
  frontendSettings: [],
  controls: [
    { key: 'text', label: 'Text', type: 'text' },
    { key: 'link', subKey: 'url', label: 'Link', type: 'url', help: 'A page, the shop (/shop) or a popup action.' },
    { key: 'size', label: 'Size', type: 'select', options: choices({ sm: 'Small', md: 'Medium', lg: 'Large' }), default: 'md' },
    {
      key: 'align',
      label: 'Alignment',
      type: 'select',
      options: choices({ left: 'Left', center: 'Center', right: 'Right', justify: 'Full width' }),
      default: 'left',
    },
  ],
  defaults: { text: 'Shop this week’s deals', link: { url: '/shop' }, size: 'md', align: 'left' },
  render: (s) => {
    const size = SIZES.has(str(s.size)) ? str(s.size) : 'md';
    const align = ALIGNS.has(str(s.align)) ? str(s.align) : 'left';
    const href = safeUrl((s.link as { url?: string } | undefined)?.url);
    const text = str(s.text) || 'Click here';
    const className = `elementor-button elementor-size-${size}${isShopIntentHref(href) ? ` ${SHOP_INTENT_CLASS}` : ''}`;
    return (
      <div className={`elementor-button-wrapper e-button-align-${align}`}>
        {href ? (
          <a className={className} href={href}>
            <span className="elementor-button-text">{text}</span>
          </a>
        ) : (
          <span className={className}>
            <span className="elementor-button-text">{text}</span>
          </span>
        )}
      </div>
    );
  },
};
