import { defaultBreakpoints } from '../../config/breakpoints';
import type { Breakpoint } from '../../config/site-config';
import { slidesToShowFor, spacingOf, type CarouselSettings } from './options';

// The space a carousel's slides take before Swiper starts, from the same settings Swiper gets: slides per
// view and spacing for desktop, tablet and mobile, as CSS custom properties on the swiper container
// (react-app/styles/first-render.css lays the slides out with them), so the first paint already has the
// layout Swiper then keeps. Breakpoints are the default ones (tablet ≤ 1024 px, mobile ≤ 767 px).

export type SlideReservation = Record<`--e-${'slides' | 'gap'}-${'desktop' | 'tablet' | 'mobile'}`, string>;

export function slideReservation(
  settings: CarouselSettings,
  breakpoints: Record<string, Breakpoint> = defaultBreakpoints,
): SlideReservation {
  const desktop = slidesToShowFor(settings, 'desktop', breakpoints);
  const tablet = slidesToShowFor(settings, 'tablet', breakpoints);
  const mobile = slidesToShowFor(settings, 'mobile', breakpoints);
  const gap = (device: string) => `${spacingOf(settings, device, breakpoints)}px`;
  return {
    '--e-slides-desktop': String(desktop),
    '--e-slides-tablet': String(tablet),
    '--e-slides-mobile': String(mobile),
    '--e-gap-desktop': gap('desktop'),
    '--e-gap-tablet': gap('tablet'),
    '--e-gap-mobile': gap('mobile'),
  };
}
