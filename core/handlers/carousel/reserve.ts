import { slidesToShowFor, spacingOf, type CarouselSettings } from './options';

// The space a carousel's slides take before Swiper starts, from the same settings Swiper gets: slides per
// view and spacing for desktop, tablet and mobile, as CSS custom properties on the swiper container
// (react-app/styles/first-render.css lays the slides out with them), so the first paint already has the
// layout Swiper then keeps. Breakpoints are the default ones (tablet ≤ 1024 px, mobile ≤ 767 px).

export type SlideReservation = Record<`--e-${'slides' | 'gap'}-${'desktop' | 'tablet' | 'mobile'}`, string>;

export function slideReservation(settings: CarouselSettings): SlideReservation {
  const desktop = slidesToShowFor(settings, 'desktop', 0);
  const tablet = slidesToShowFor(settings, 'tablet', desktop);
  const mobile = slidesToShowFor(settings, 'mobile', tablet);
  const gap = (device: string) => `${spacingOf(settings, device) ?? 0}px`;
  return {
    '--e-slides-desktop': String(desktop),
    '--e-slides-tablet': String(tablet),
    '--e-slides-mobile': String(mobile),
    '--e-gap-desktop': gap('desktop'),
    '--e-gap-tablet': gap('tablet'),
    '--e-gap-mobile': gap('mobile'),
  };
}
