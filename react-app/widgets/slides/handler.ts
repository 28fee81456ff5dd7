import type Swiper from 'swiper';
import { A11y, EffectFade, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';
import { startSwiper } from '../image-carousel/start-swiper';
import TimedAutoplay from '../../../core/handlers/carousel/autoplay';
import { Handler } from '../../../core/handlers/base';
import { keepNativeButtonKeys } from '../../../core/handlers/carousel/native-buttons';
import { CAROUSEL_DEFAULTS } from '../../../core/handlers/carousel/options';
import { prefersReducedMotion } from '../../../core/handlers/motion/motion';

/** Slides widget: full-width slides on Swiper, one at a time, autoplay pausing on hover and interaction. */
export default class SlidesHandler extends Handler {
  swiper: Swiper | null = null;

  /** Counts disconnects: a start still waiting for its task is dropped when the carousel went meanwhile. */
  private connection = 0;

  override async connect(): Promise<void> {
    const container = this.element.querySelector<HTMLElement>('.swiper');
    if (!container || container.querySelectorAll('.swiper-slide').length < 2) return;
    const s = this.settings;
    const i18n = this.config.i18n;
    const options: SwiperOptions = {
      modules: [Navigation, Pagination, TimedAutoplay, A11y, Keyboard, EffectFade],
      slidesPerView: 1,
      loop: s.infinite !== 'no',
      speed: Number(s.transition_speed) || CAROUSEL_DEFAULTS.speed,
      keyboard: { enabled: true, onlyInViewport: true },
      a11y: {
        prevSlideMessage: i18n.a11yCarouselPrevSlideMessage,
        nextSlideMessage: i18n.a11yCarouselNextSlideMessage,
        firstSlideMessage: i18n.a11yCarouselFirstSlideMessage,
        lastSlideMessage: i18n.a11yCarouselLastSlideMessage,
        paginationBulletMessage: i18n.a11yCarouselPaginationBulletMessage,
        slideLabelMessage: i18n.a11yCarouselSlideLabelMessage,
      },
      navigation: {
        prevEl: this.element.querySelector<HTMLElement>('.elementor-swiper-button-prev'),
        nextEl: this.element.querySelector<HTMLElement>('.elementor-swiper-button-next'),
      },
      pagination: { el: this.element.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
    };
    const reduced = prefersReducedMotion(); // no autoplay, no sliding animation
    if (reduced) options.speed = 0;
    if (s.transition === 'fade') {
      options.effect = 'fade';
      options.fadeEffect = { crossFade: true };
    }
    if (s.autoplay !== 'no' && !reduced) {
      options.autoplay = {
        delay: Number(s.autoplay_speed) || CAROUSEL_DEFAULTS.autoplaySpeed,
        disableOnInteraction: s.pause_on_interaction === 'yes',
        pauseOnMouseEnter: s.pause_on_hover !== 'no',
      };
    }
    this.onCleanup(keepNativeButtonKeys(this.element));
    const connection = this.connection;
    const swiper = await startSwiper(container, options, () => connection === this.connection);
    if (swiper) this.swiper = swiper; // a dropped start leaves a newer connect's Swiper alone
  }

  override disconnect(): void {
    this.connection++;
    this.swiper?.destroy(true, true);
    this.swiper = null;
    super.disconnect();
  }
}
