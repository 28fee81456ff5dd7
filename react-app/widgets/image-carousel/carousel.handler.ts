import type Swiper from 'swiper';
import { A11y, EffectFade, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';
import { startSwiper } from './start-swiper';
import TimedAutoplay from '../../../core/handlers/carousel/autoplay';
import { Handler } from '../../../core/handlers/base';
import { keepNativeButtonKeys } from '../../../core/handlers/carousel/native-buttons';
import { prefersReducedMotion } from '../../../core/handlers/motion/motion';
import { CAROUSEL_DEFAULTS, offsetClassOf, swiperOptions, type CarouselSettings } from '../../../core/handlers/carousel/options';
import { announcementFor, DEFAULT_ANNOUNCEMENTS, type AnnouncementMessages } from '../../../core/handlers/carousel/announcement';

/** The settings edit mode changes in place instead of re-creating the carousel. */
const LIVE_KEYS = new Set(['speed', 'autoplay_speed', 'pause_on_hover', 'image_spacing_custom']);

export default class CarouselHandler extends Handler<CarouselSettings> {
  swiper: Swiper | null = null;

  /** Counts disconnects: a start still waiting for its task is dropped when the carousel went meanwhile. */
  private connection = 0;

  override async connect(): Promise<void> {
    const container = this.element.querySelector<HTMLElement>('.swiper');
    if (!container) return;
    const slides = container.querySelectorAll('.swiper-slide');
    if (slides.length < 2) return; // a single slide is just an image
    const mapped = swiperOptions(this.settings, this.config.responsive.breakpoints);
    const i18n = this.config.i18n;
    const messages: AnnouncementMessages = {
      prevSlideMessage: i18n.a11yCarouselPrevSlideMessage ?? DEFAULT_ANNOUNCEMENTS.prevSlideMessage,
      nextSlideMessage: i18n.a11yCarouselNextSlideMessage ?? DEFAULT_ANNOUNCEMENTS.nextSlideMessage,
      firstSlideMessage: i18n.a11yCarouselFirstSlideMessage ?? DEFAULT_ANNOUNCEMENTS.firstSlideMessage,
      lastSlideMessage: i18n.a11yCarouselLastSlideMessage ?? DEFAULT_ANNOUNCEMENTS.lastSlideMessage,
    };
    this.offsetClass = offsetClassOf(this.settings);
    if (this.offsetClass) container.classList.add(this.offsetClass);
    const options: SwiperOptions = {
      modules: [Navigation, Pagination, TimedAutoplay, A11y, Keyboard, EffectFade],
      slidesPerView: mapped.slidesPerView,
      slidesPerGroup: mapped.slidesPerGroup,
      spaceBetween: mapped.spaceBetween,
      loop: mapped.loop,
      speed: mapped.speed,
      breakpoints: mapped.breakpoints,
      keyboard: { enabled: true, onlyInViewport: true },
      a11y: {
        enabled: true,
        ...messages,
        paginationBulletMessage: i18n.a11yCarouselPaginationBulletMessage,
        slideLabelMessage: i18n.a11yCarouselSlideLabelMessage ?? '{{index}} / {{slidesLength}}',
      },
    };
    if (mapped.lazyload) options.lazyPreloadPrevNext = 1; // lazy images: preload the neighbours, preloader until loaded
    if (mapped.effect) options.effect = mapped.effect as SwiperOptions['effect'];
    if (mapped.fadeEffect) options.fadeEffect = mapped.fadeEffect;
    // Reduced motion: no autoplay and no sliding animation (WCAG 2.2.2); arrows and dots still work.
    const reduced = prefersReducedMotion();
    if (reduced) options.speed = 0;
    if (mapped.autoplay && !reduced)
      options.autoplay = { delay: mapped.autoplay.delay, disableOnInteraction: mapped.autoplay.disableOnInteraction };
    if (mapped.navigation) {
      options.navigation = {
        prevEl: this.element.querySelector<HTMLElement>(mapped.navigation.prevEl),
        nextEl: this.element.querySelector<HTMLElement>(mapped.navigation.nextEl),
      };
    }
    if (mapped.pagination) {
      options.pagination = {
        el: this.element.querySelector<HTMLElement>(mapped.pagination.el),
        type: mapped.pagination.type as 'bullets',
        clickable: true,
      };
    }
    this.onCleanup(keepNativeButtonKeys(this.element));
    const connection = this.connection;
    const swiper = await startSwiper(container, options, () => connection === this.connection);
    if (!swiper) return;
    this.swiper = swiper;
    this.announceArrows(messages);
    this.element.classList.add('e-carousel-ready');
    if (this.settings.pause_on_hover === 'yes') this.bindHoverPause();
  }

  private offsetClass: string | null = null;

  /**
   * Arrow clicks (mouse, or Enter/Space on our native buttons) say where the carousel is in Swiper's live
   * region. Registered after Swiper's own click listener, so the position is already the new one. An arrow
   * Swiper disables at an edge would drop focus to the body: focus moves to the other arrow instead.
   */
  private announceArrows(messages: AnnouncementMessages): void {
    const swiper = this.swiper;
    if (!swiper) return;
    for (const direction of ['prev', 'next'] as const) {
      const arrow = this.element.querySelector<HTMLElement>(`.elementor-swiper-button-${direction}`);
      if (!arrow) continue;
      this.listen(arrow, 'click', () => {
        const region = swiper.el.querySelector('.swiper-notification');
        if (region)
          region.textContent = announcementFor(
            direction,
            { isBeginning: swiper.isBeginning, isEnd: swiper.isEnd, loop: !!swiper.params.loop },
            messages,
          );
        if (arrow instanceof HTMLButtonElement && arrow.disabled && document.activeElement !== arrow) {
          const other = this.element.querySelector<HTMLElement>(`.elementor-swiper-button-${direction === 'prev' ? 'next' : 'prev'}`);
          other?.focus();
        }
      });
    }
  }

  private hoverBound = false;
  /** Autoplay stopped by the pointer resting on the carousel (restarted when it leaves). */
  private hoverStopped = false;
  /** The visitor moved the carousel while it was held: with pause_on_interaction it stays stopped. */
  private interacted = false;
  private bindHoverPause(): void {
    if (this.hoverBound) return;
    this.hoverBound = true;
    const container = this.element.querySelector('.swiper')!;
    this.swiper?.on('slideChange', () => {
      if (this.hoverStopped && this.settings.pause_on_interaction === 'yes') this.interacted = true;
    });
    this.listen(container, 'mouseenter', () => {
      if (this.settings.pause_on_hover !== 'yes' || !this.swiper?.autoplay?.running) return;
      this.hoverStopped = true;
      this.swiper.autoplay.stop();
      this.element.classList.add('e-carousel-paused');
    });
    this.listen(container, 'mouseleave', () => {
      if (!this.hoverStopped) return;
      this.hoverStopped = false;
      this.element.classList.remove('e-carousel-paused');
      if (!this.interacted) this.swiper?.autoplay?.start();
    });
  }

  override onSettingsChange(changed: Partial<CarouselSettings>): void | Promise<void> {
    const keys = Object.keys(changed);
    if (!this.swiper || !keys.every((k) => LIVE_KEYS.has(k) || k.startsWith('image_spacing_custom'))) {
      return super.onSettingsChange(changed);
    }
    this.settings = { ...this.settings, ...changed };
    // Swiper re-applies originalParams when it re-reads breakpoints: change both.
    const targets = [this.swiper.params, this.swiper.originalParams];
    if ('speed' in changed) for (const p of targets) p.speed = Number(this.settings.speed) || p.speed;
    if ('autoplay_speed' in changed) {
      for (const p of targets)
        if (p.autoplay && typeof p.autoplay === 'object')
          p.autoplay.delay = Number(this.settings.autoplay_speed) || CAROUSEL_DEFAULTS.autoplaySpeed;
      if (this.swiper.autoplay?.running) {
        this.swiper.autoplay.stop();
        this.swiper.autoplay.start();
      }
    }
    if ('pause_on_hover' in changed) this.bindHoverPause();
    if (keys.some((k) => k.startsWith('image_spacing_custom'))) {
      const mapped = swiperOptions(this.settings, this.config.responsive.breakpoints);
      for (const p of targets) {
        p.spaceBetween = mapped.spaceBetween;
        p.breakpoints = mapped.breakpoints;
      }
      this.swiper.currentBreakpoint = null; // make Swiper re-read its breakpoint params
      this.swiper.setBreakpoint();
      this.swiper.update();
    }
  }

  override disconnect(): void {
    this.connection++;
    this.swiper?.destroy(true, true);
    this.swiper = null;
    this.hoverBound = false;
    this.hoverStopped = false;
    this.interacted = false;
    this.element.classList.remove('e-carousel-ready');
    if (this.offsetClass) this.element.querySelector('.swiper')?.classList.remove(this.offsetClass);
    this.offsetClass = null;
    super.disconnect();
  }
}
