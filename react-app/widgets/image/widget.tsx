import { safeUrl } from '../../../core/security/safe-url';
import { choices, str, type WidgetDefinition } from '../types';

interface ImageValue {
  url?: string;
  alt?: string;
  width?: number;
  height?: number;
}

export const image: WidgetDefinition = {
  type: 'image',
  title: 'Image',
  frontendSettings: [],
  controls: [
    { key: 'image', subKey: 'url', label: 'Image URL', type: 'url' },
    { key: 'image', subKey: 'alt', label: 'Alternative text', type: 'text' },
    { key: 'caption', label: 'Caption', type: 'text' },
    { key: 'link_to', label: 'Link', type: 'select', options: choices({ none: 'None', file: 'Media file', custom: 'Custom URL' }) },
    { key: 'link', subKey: 'url', label: 'Custom link URL', type: 'url' },
    { key: 'open_lightbox', label: 'Lightbox', type: 'select', options: choices({ default: 'Site default', yes: 'Yes', no: 'No' }) },
  ],
  defaults: { image: { url: '/media/banners/produce.svg', alt: 'Fresh produce' }, link_to: 'none' },
  render: (s) => {
    const img = (s.image ?? {}) as ImageValue;
    const src = safeUrl(img.url);
    if (!src) return null;
    const caption = str(s.caption);
    const linkTo = str(s.link_to, 'none');
    const href = linkTo === 'file' ? src : linkTo === 'custom' ? safeUrl((s.link as { url?: string } | undefined)?.url) : null;
    const lightbox = str(s.open_lightbox, 'default');
    const picture = <img src={src} alt={str(img.alt)} width={img.width} height={img.height} loading="lazy" decoding="async" />;
    const linked = href ? (
      <a href={href} data-elementor-open-lightbox={lightbox}>
        {picture}
      </a>
    ) : (
      picture
    );
    return caption ? (
      <figure className="wp-caption">
        {linked}
        <figcaption className="widget-image-caption wp-caption-text">{caption}</figcaption>
      </figure>
    ) : (
      linked
    );
  },
};
