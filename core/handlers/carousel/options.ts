import type { Breakpoint } from '../../config/site-config';
import { orderedDevices } from '../../config/breakpoints';

// Pure mapping from the carousel widget's settings (SPEC §3 Carousel settings) to Swiper options.

export interface CarouselSettings {
  slides_to_show?: string | number;
  slides_to_scroll?: string | number;
  infinite?: string;
  speed?: string | number;
  autoplay?: string;
  autoplay_speed?: string | number;
  pause_on_interaction?: string;
  pause_on_hover?: string;
  effect?: string;
  navigation?: 'arrows' | 'dots' | 'both' | 'none' | string;
  pagination?: string;
  lazyload?: string;
  image_spacing_custom?: { size?: number | string; unit?: string } | number | string;
  offset_sides?: 'none' | 'left' | 'right' | 'both' | string;
  [key: string]: unknown;
}

export const CAROUSEL_DEFAULTS = {
  slidesToShow: 3,
  tabletSlidesToShow: 2,
  mobileSlidesToShow: 1,
  slidesToScroll: 1,
  autoplaySpeed: 3000,
  speed: 500,
  /** Swiper breakpoints are min-widths; the smallest one starts here. */
  firstBreakpointMin: 320,
  /** Added to slidesPerView when neighbours peek in at the sides, so Swiper never sees a whole number. */
  offsetTrick: 0.001,
} as const;

export interface BreakpointOptions {
  slidesPerView: number;
  slidesPerGroup: number;
  spaceBetween?: number;
}

export interface SwiperOptionsShape extends BreakpointOptions {
  loop: boolean;
  speed: number;
  effect?: string;
  fadeEffect?: { crossFade: boolean };
  autoplay?: { delay: number; disableOnInteraction: boolean; pauseOnMouseEnter: boolean };
  navigation?: { prevEl: string; nextEl: string };
  pagination?: { el: string; type: string; clickable: boolean };
  lazyload: boolean;
  breakpoints: Record<number, BreakpointOptions>;
}

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : parseFloat(String(v ?? ''));
  return Number.isFinite(n) ? n : 0;
};

export function spacingOf(settings: CarouselSettings, device?: string): number | undefined {
  const raw =
    device && device !== 'desktop'
      ? (settings[`image_spacing_custom_${device}`] ?? settings.image_spacing_custom)
      : settings.image_spacing_custom;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const size = typeof raw === 'object' ? (raw as { size?: unknown }).size : raw;
  if (size === undefined || size === '') return undefined;
  return num(size);
}

export type OffsetSide = 'left' | 'right' | 'both';

/** The sides where neighbouring slides peek in (offset_sides), or null for none or an unknown value. */
export function offsetSideOf(settings: CarouselSettings): OffsetSide | null {
  const side = settings.offset_sides;
  return side === 'left' || side === 'right' || side === 'both' ? side : null;
}

/** The container class that reserves the peek area on those sides (styles in carousel-offset.css). */
export function offsetClassOf(settings: CarouselSettings): string | null {
  const side = offsetSideOf(settings);
  return side ? `offset-${side}` : null;
}

/**
 * The per-view trick applies only when a neighbour peeks in on the right (right or both): a whole number
 * of slides would make Swiper hide the partly visible next slide. A left offset starts at a slide edge.
 */
function hasOffsetTrick(settings: CarouselSettings): boolean {
  const side = offsetSideOf(settings);
  return side === 'right' || side === 'both';
}

/** slides_to_show for a device, falling back the way the page builder does. */
export function slidesToShowFor(settings: CarouselSettings, device: string, inherited: number): number {
  const desktop = num(settings.slides_to_show) || CAROUSEL_DEFAULTS.slidesToShow;
  if (device === 'desktop') return desktop;
  const own = num(settings[`slides_to_show_${device}`]);
  if (own) return own;
  if (device === 'mobile') return CAROUSEL_DEFAULTS.mobileSlidesToShow;
  if (device === 'tablet') return desktop === 1 ? 1 : CAROUSEL_DEFAULTS.tabletSlidesToShow;
  return inherited;
}

export function swiperOptions(settings: CarouselSettings, breakpoints: Record<string, Breakpoint>): SwiperOptionsShape {
  const offset = hasOffsetTrick(settings) ? CAROUSEL_DEFAULTS.offsetTrick : 0;
  const devices = orderedDevices(breakpoints);
  const perDevice = new Map<string, BreakpointOptions>();
  // Walk from desktop down so a device without its own value inherits from the next larger one.
  const desktopIndex = devices.indexOf('desktop');
  let inherited = num(settings.slides_to_show) || CAROUSEL_DEFAULTS.slidesToShow;
  for (let i = devices.length - 1; i >= 0; i--) {
    const device = devices[i];
    const show = i > desktopIndex ? num(settings[`slides_to_show_${device}`]) || inherited : slidesToShowFor(settings, device, inherited);
    const group =
      num(device === 'desktop' ? settings.slides_to_scroll : settings[`slides_to_scroll_${device}`]) || CAROUSEL_DEFAULTS.slidesToScroll;
    const entry: BreakpointOptions = { slidesPerView: show + offset, slidesPerGroup: group };
    const space = spacingOf(settings, device);
    if (space !== undefined) entry.spaceBetween = space;
    perDevice.set(device, entry);
    if (i <= desktopIndex) inherited = show;
  }
  // Swiper breakpoints are min-widths: each device starts one pixel above the next smaller max-breakpoint.
  const swiperBreakpoints: Record<number, BreakpointOptions> = {};
  let min: number = CAROUSEL_DEFAULTS.firstBreakpointMin;
  for (const device of devices) {
    const bp = breakpoints[device];
    const start = bp && bp.direction === 'min' ? bp.value : min;
    swiperBreakpoints[start] = perDevice.get(device)!;
    if (bp && bp.direction === 'max') min = bp.value + 1;
  }
  const base = perDevice.get(devices[0])!;
  const desktopShow = perDevice.get('desktop')!.slidesPerView - offset;
  const isSingle = desktopShow === 1;
  const navigation = settings.navigation ?? 'both';
  const showArrows = navigation === 'arrows' || navigation === 'both';
  const showDots = navigation === 'dots' || navigation === 'both' || (!!settings.pagination && settings.pagination !== '');
  const options: SwiperOptionsShape = {
    ...base,
    loop: settings.infinite === 'yes',
    speed: num(settings.speed) || CAROUSEL_DEFAULTS.speed,
    lazyload: settings.lazyload === 'yes',
    breakpoints: swiperBreakpoints,
  };
  if (isSingle && settings.effect) {
    options.effect = settings.effect;
    if (settings.effect === 'fade') options.fadeEffect = { crossFade: true };
  }
  if (settings.autoplay === 'yes') {
    options.autoplay = {
      delay: num(settings.autoplay_speed) || CAROUSEL_DEFAULTS.autoplaySpeed,
      disableOnInteraction: settings.pause_on_interaction === 'yes',
      pauseOnMouseEnter: settings.pause_on_hover === 'yes',
    };
  }
  if (showArrows) options.navigation = { prevEl: '.elementor-swiper-button-prev', nextEl: '.elementor-swiper-button-next' };
  if (showDots) options.pagination = { el: '.swiper-pagination', type: settings.pagination || 'bullets', clickable: true };
  return options;
}
