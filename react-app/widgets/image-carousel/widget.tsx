import type { CSSProperties } from 'react';
import { safeUrl } from '../../../core/security/safe-url';
import { slideReservation } from '../../../core/handlers/carousel/reserve';
import { choices, str, type WidgetDefinition } from '../types';
import { SWIPER_STYLES } from '../swiper-styles';
import { SwiperArrows } from '../swiper-arrows';
import { carouselRegion, slideGroup } from '../carousel-a11y';
import { CAROUSEL_DEFAULTS } from '../../../core/handlers/carousel/options';

interface Slide {
  id?: string | number;
  url?: string;
  alt?: string;
  caption?: string;
  link?: string;
}

/** Settings the carousel handler reads (docs/behaviour.md, "Motion and carousels"), including per-device variants. */
const DEVICE_KEYS = ['slides_to_show', 'slides_to_scroll', 'image_spacing_custom'];
const COUNTS: Array<[string, string]> = [
  ['', 'Default'],
  ...['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].map((n): [string, string] => [n, n]),
];
const DEVICES = ['mobile', 'mobile_extra', 'tablet', 'tablet_extra', 'laptop', 'widescreen'];

export const imageCarousel: WidgetDefinition = {
  type: 'image-carousel',
  behaviour: { chunk: 'carousel', nearViewport: true, styles: SWIPER_STYLES },
  title: 'Image Carousel',
  frontendSettings: [
    ...DEVICE_KEYS,
    ...DEVICE_KEYS.flatMap((k) => DEVICES.map((d) => `${k}_${d}`)),
    'infinite',
    'speed',
    'autoplay',
    'autoplay_speed',
    'pause_on_interaction',
    'pause_on_hover',
    'effect',
    'navigation',
    'pagination',
    'lazyload',
    'offset_sides',
  ],
  controls: [
    { key: 'carousel_name', label: 'Carousel name', type: 'text' },
    {
      key: 'carousel',
      label: 'Images',
      type: 'repeater',
      fields: [
        { key: 'url', label: 'Image URL', type: 'url' },
        { key: 'alt', label: 'Alternative text', type: 'text' },
        { key: 'caption', label: 'Caption', type: 'text' },
        { key: 'link', label: 'Link', type: 'url' },
      ],
    },
    { key: 'slides_to_show', label: 'Slides to show', type: 'select', options: COUNTS, responsive: true },
    { key: 'slides_to_scroll', label: 'Slides to scroll', type: 'select', options: COUNTS, responsive: true },
    {
      key: 'navigation',
      label: 'Navigation',
      type: 'select',
      options: choices({ both: 'Arrows and dots', arrows: 'Arrows', dots: 'Dots', none: 'None' }),
    },
    {
      key: 'pagination',
      label: 'Pagination',
      type: 'select',
      options: choices({ '': 'Bullets', bullets: 'Bullets', fraction: 'Fraction', progressbar: 'Progress bar' }),
    },
    { key: 'autoplay', label: 'Autoplay', type: 'switcher' },
    { key: 'pause_on_hover', label: 'Pause on hover', type: 'switcher', live: true },
    { key: 'pause_on_interaction', label: 'Pause on interaction', type: 'switcher' },
    { key: 'autoplay_speed', label: 'Autoplay speed (ms)', type: 'number', min: 500, max: 20000, step: 100, live: true },
    { key: 'infinite', label: 'Infinite loop', type: 'switcher' },
    { key: 'effect', label: 'Effect (one slide shown)', type: 'select', options: choices({ '': 'Slide', slide: 'Slide', fade: 'Fade' }) },
    { key: 'speed', label: 'Animation speed (ms)', type: 'number', min: 0, max: 5000, step: 50, live: true },
    { key: 'lazyload', label: 'Lazy load images', type: 'switcher' },
    {
      key: 'offset_sides',
      label: 'Offset sides',
      type: 'select',
      options: choices({ none: 'None', left: 'Left', right: 'Right', both: 'Both' }),
    },
    {
      key: 'image_spacing_custom',
      label: 'Image spacing',
      type: 'slider',
      min: 0,
      max: 100,
      unit: 'px',
      live: true,
      responsive: true,
      tab: 'style',
      section: 'Images',
      default: { size: CAROUSEL_DEFAULTS.spaceBetween, unit: 'px' },
    },
  ],
  defaults: {
    carousel_name: 'Image Carousel',
    carousel: [5000, 5012, 5030, 5041].map((id) => ({ id, url: `/media/products/${id}.svg`, alt: `Product ${id}` })),
    autoplay: 'yes',
  },
  render: (s, ctx) => {
    const slides = (Array.isArray(s.carousel) ? s.carousel : []) as Slide[];
    const navigation = str(s.navigation, 'both');
    const arrows = navigation === 'arrows' || navigation === 'both';
    const dots = navigation === 'dots' || navigation === 'both';
    const multiple = slides.length > 1;
    const label = str(s.carousel_name, 'Image Carousel');
    return (
      <div
        className="elementor-image-carousel-wrapper swiper"
        {...carouselRegion(label)}
        // Slide sizes reserved by CSS before Swiper starts (react-app/styles/first-render.css).
        data-reserve={multiple ? '' : undefined}
        style={multiple ? (slideReservation(s, ctx.breakpoints) as CSSProperties) : undefined}
      >
        <div className="elementor-image-carousel swiper-wrapper" aria-live={s.autoplay === 'yes' ? 'off' : 'polite'}>
          {slides.map((slide, i) => {
            const src = safeUrl(slide.url);
            if (!src) return null;
            const href = safeUrl(slide.link);
            // lazyload: every image loads natively lazily with Swiper's preloader until it arrives.
            const lazy = s.lazyload === 'yes';
            const img = <img className="swiper-slide-image" src={src} alt={str(slide.alt)} loading={lazy || i >= 3 ? 'lazy' : undefined} />;
            return (
              <div className="swiper-slide" {...slideGroup(i, slides.length)} key={slide.id ?? i}>
                <figure className="swiper-slide-inner">
                  {href ? (
                    <a href={href} aria-label={slide.alt ? undefined : slide.caption || `Slide ${i + 1} of ${slides.length}`}>
                      {img}
                    </a>
                  ) : (
                    img
                  )}
                  {s.lazyload === 'yes' ? <div className="swiper-lazy-preloader" aria-hidden="true" /> : null}
                  {slide.caption ? <figcaption className="elementor-image-carousel-caption">{slide.caption}</figcaption> : null}
                </figure>
              </div>
            );
          })}
        </div>
        {multiple && arrows ? <SwiperArrows /> : null}
        {multiple && (dots || s.pagination) ? <div className="swiper-pagination" /> : null}
      </div>
    );
  },
};
