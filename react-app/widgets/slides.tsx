import { safeUrl } from '../../core/security/safe-url';
import { str, type WidgetDefinition } from './types';
import { SwiperArrows } from './swiper-arrows';

interface Slide {
  heading?: string;
  description?: string;
  button_text?: string;
  link?: { url?: string } | string;
  background_color?: string;
}

const COLOR = /^#[0-9a-f]{3,8}$/i;

export const slides: WidgetDefinition = {
  type: 'slides',
  title: 'Slides',
  frontendSettings: ['autoplay', 'autoplay_speed', 'pause_on_hover', 'pause_on_interaction', 'infinite', 'transition', 'transition_speed'],
  render: (s) => {
    const list = (Array.isArray(s.slides) ? s.slides : []) as Slide[];
    const label = str(s.slides_name, 'Slides');
    return (
      <div className="elementor-slides-wrapper swiper" role="region" aria-roledescription="carousel" aria-label={label} dir="ltr">
        <div className="elementor-slides swiper-wrapper">
          {list.map((slide, i) => {
            const href = safeUrl(typeof slide.link === 'object' ? slide.link?.url : slide.link);
            const bg = COLOR.test(str(slide.background_color)) ? str(slide.background_color) : undefined;
            return (
              <div
                className="swiper-slide elementor-slide"
                key={i}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${list.length}`}
                style={bg ? { backgroundColor: bg } : undefined}
              >
                <div className="swiper-slide-inner">
                  <div className="elementor-slide-heading">{str(slide.heading)}</div>
                  <div className="elementor-slide-description">{str(slide.description)}</div>
                  {href && slide.button_text ? (
                    <a className="elementor-button elementor-slide-button" href={href}>
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
