import { safeUrl } from '../../../core/security/safe-url';
import { isShopIntentHref, SHOP_INTENT_CLASS } from '../../../core/shop/shop-intent';
import { choices, str, type WidgetDefinition } from '../types';
import { SWIPER_STYLES } from '../swiper-styles';
import { SwiperArrows } from '../swiper-arrows';
import { carouselRegion, slideGroup } from '../carousel-a11y';

interface Slide {
  heading?: string;
  description?: string;
  button_text?: string;
  link?: { url?: string } | string;
  background_color?: string;
}

const COLOR = /^#[0-9a-f]{3,8}$/i;

const YES_NO: Array<[string, string]> = [
  ['', 'Yes'],
  ['yes', 'Yes'],
  ['no', 'No'],
];

export const slides: WidgetDefinition = {
  type: 'slides',
  behaviour: { chunk: 'slides', nearViewport: true, styles: SWIPER_STYLES },
  title: 'Slides',
  frontendSettings: ['autoplay', 'autoplay_speed', 'pause_on_hover', 'pause_on_interaction', 'infinite', 'transition', 'transition_speed'],
  controls: [
    { key: 'slides_name', label: 'Name', type: 'text' },
    {
      key: 'slides',
      label: 'Slides',
      type: 'repeater',
      fields: [
        { key: 'heading', label: 'Heading', type: 'text' },
        { key: 'description', label: 'Description', type: 'textarea' },
        { key: 'button_text', label: 'Button text', type: 'text' },
        { key: 'link', subKey: 'url', label: 'Link', type: 'url' },
        { key: 'background_color', label: 'Background colour', type: 'color' },
      ],
    },
    { key: 'autoplay', label: 'Autoplay', type: 'select', options: YES_NO },
    { key: 'autoplay_speed', label: 'Autoplay speed (ms)', type: 'number', min: 500, max: 20000, step: 100 },
    { key: 'pause_on_hover', label: 'Pause on hover', type: 'switcher' },
    { key: 'pause_on_interaction', label: 'Pause on interaction', type: 'switcher' },
    { key: 'infinite', label: 'Infinite loop', type: 'switcher' },
    { key: 'transition', label: 'Transition', type: 'select', options: choices({ '': 'Slide', slide: 'Slide', fade: 'Fade' }) },
    { key: 'transition_speed', label: 'Transition speed (ms)', type: 'number', min: 0, max: 5000, step: 50 },
  ],
  defaults: {
    slides_name: 'Slides',
    slides: [
      {
        heading: 'Slide 1 heading',
        description: 'Click edit button to change this text.',
        button_text: 'Shop now',
        link: { url: '/shop' },
        background_color: '#2f6b3a',
      },
      {
        heading: 'Slide 2 heading',
        description: 'Click edit button to change this text.',
        button_text: 'Recipes',
        link: { url: '/recipes' },
        background_color: '#7a4b1e',
      },
    ],
  },
  render: (s) => {
    const list = (Array.isArray(s.slides) ? s.slides : []) as Slide[];
    const label = str(s.slides_name, 'Slides');
    return (
      <div className="elementor-slides-wrapper swiper" {...carouselRegion(label)}>
        <div className="elementor-slides swiper-wrapper">
          {list.map((slide, i) => {
            const href = safeUrl(typeof slide.link === 'object' ? slide.link?.url : slide.link);
            const bg = COLOR.test(str(slide.background_color)) ? str(slide.background_color) : undefined;
            return (
              <div
                className="swiper-slide elementor-slide"
                key={i}
                {...slideGroup(i, list.length)}
                style={bg ? { backgroundColor: bg } : undefined}
              >
                <div className="swiper-slide-inner">
                  <div className="elementor-slide-heading">{str(slide.heading)}</div>
                  <div className="elementor-slide-description">{str(slide.description)}</div>
                  {href && slide.button_text ? (
                    <a
                      className={`elementor-button elementor-slide-button${isShopIntentHref(href) ? ` ${SHOP_INTENT_CLASS}` : ''}`}
                      href={href}
                    >
                      {str(slide.button_text)}
                    </a>
                  ) : null}
                </div>
              </div>
            );
          })}
        </div>
        {list.length > 1 ? (
          <>
            <SwiperArrows />
            <div className="swiper-pagination" />
          </>
        ) : null}
      </div>
    );
  },
};
