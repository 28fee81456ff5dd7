import type { Breakpoint } from '../../config/site-config';
import { orderedDevices, responsiveSetting } from '../../config/breakpoints';

// Pure mapping from the carousel widget's settings (docs/behaviour.md, "Motion and carousels") to Swiper options.

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
  /** Image spacing when none is set (the page builder's control default, 20 px). */
  spaceBetween: 20,
  /** Swiper breakpoints are min-widths; the smallest one starts here. */
  firstBreakpointMin: 320,
  /** Added to slidesPerView when neighbours peek in at the sides, so Swiper never sees a whole number. */
  offsetTrick: 0.001,
} as const;

export interface BreakpointOptions {
  slidesPerView: number;
  slidesPerGroup: number;
  spaceBetween: number;
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

const sizeOf = (raw: unknown): number | undefined => {
  const size = raw && typeof raw === 'object' ? (raw as { size?: unknown }).size : raw;
  if (size === undefined || size === null || size === '') return undefined;
  return num(size);
};

/**
 * Image spacing for a device through the one per-device rule (mobile → tablet → desktop); nothing set at all
 * gives the default, so Swiper never receives `spaceBetween: undefined` (slides full width, autoplay stalled).
 */
export function spacingOf(settings: CarouselSettings, device: string, breakpoints: Record<string, Breakpoint>): number {
  return sizeOf(responsiveSetting(settings, 'image_spacing_custom', device, breakpoints)) ?? CAROUSEL_DEFAULTS.spaceBetween;
}

export type OffsetSide = 'left' | 'right' | 'both';

/** The sides where neighbouring slides peek in (offset_sides), or null for none or an unknown value. */
export function offsetSideOf(settings: CarouselSettings): OffsetSide | null {
  const side = settings.offset_sides;
  return side === 'left' || side === 'right' || side === 'both' ? side : null;
}

/** The container class that reserves the peek area on those sides (styles in react-app/widgets/image-carousel/carousel-offset.css). */
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

/**
 * slides_to_show for a device: the page builder's per-device defaults (tablet 2, or 1 when desktop shows one;
 * mobile 1) sit under the editor's values, then the one responsive rule resolves the device.
 */
export function slidesToShowFor(settings: CarouselSettings, device: string, breakpoints: Record<string, Breakpoint>): number {
  const desktop = num(settings.slides_to_show) || CAROUSEL_DEFAULTS.slidesToShow;
  const withDefaults: Record<string, unknown> = {
    slides_to_show_tablet: desktop === 1 ? 1 : CAROUSEL_DEFAULTS.tabletSlidesToShow,
    slides_to_show_mobile: CAROUSEL_DEFAULTS.mobileSlidesToShow,
    ...stripEmpty(settings),
    slides_to_show: desktop,
  };
  return num(responsiveSetting(withDefaults, 'slides_to_show', device, breakpoints)) || desktop;
}

/** Settings without empty values, so an emptied per-device field falls back instead of hiding a default. */
function stripEmpty(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== '' && v !== null && v !== undefined));
}

export function swiperOptions(settings: CarouselSettings, breakpoints: Record<string, Breakpoint>): SwiperOptionsShape {
  const offset = hasOffsetTrick(settings) ? CAROUSEL_DEFAULTS.offsetTrick : 0;
  const devices = orderedDevices(breakpoints);
  const perDevice = new Map<string, BreakpointOptions>();
  for (const device of devices) {
    const show = slidesToShowFor(settings, device, breakpoints);
    const group = num(responsiveSetting(stripEmpty(settings), 'slides_to_scroll', device, breakpoints)) || CAROUSEL_DEFAULTS.slidesToScroll;
    perDevice.set(device, { slidesPerView: show + offset, slidesPerGroup: group, spaceBetween: spacingOf(settings, device, breakpoints) });
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
