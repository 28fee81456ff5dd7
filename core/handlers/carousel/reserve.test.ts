import { describe, expect, it } from 'vitest';
import { swiperOptions } from './options';
import { slideReservation } from './reserve';
import { defaultBreakpoints } from '../../config/breakpoints';

describe('slide reservation', () => {
  it('defaults: 3 on desktop, 2 on tablet, 1 on mobile, the default 20 px gap Swiper also gets (no settings)', () => {
    expect(slideReservation({})).toEqual({
      '--e-slides-desktop': '3',
      '--e-slides-tablet': '2',
      '--e-slides-mobile': '1',
      '--e-gap-desktop': '20px',
      '--e-gap-tablet': '20px',
      '--e-gap-mobile': '20px',
    });
    expect(swiperOptions({}, defaultBreakpoints).spaceBetween).toBe(20);
  });

  it('per-device settings and spacing, the same numbers Swiper gets', () => {
    const settings = {
      slides_to_show: '4',
      slides_to_show_mobile: '2',
      image_spacing_custom: { size: 16, unit: 'px' },
      image_spacing_custom_mobile: { size: 8, unit: 'px' },
    };
    const r = slideReservation(settings);
    expect(r).toMatchObject({ '--e-slides-desktop': '4', '--e-slides-tablet': '2', '--e-slides-mobile': '2' });
    expect(r).toMatchObject({ '--e-gap-desktop': '16px', '--e-gap-tablet': '16px', '--e-gap-mobile': '8px' });
    const swiper = swiperOptions(settings, defaultBreakpoints);
    expect(swiper.breakpoints[320]).toMatchObject({ slidesPerView: 2, spaceBetween: 8 });
    expect(swiper.breakpoints[768]).toMatchObject({ slidesPerView: 2, spaceBetween: 16 });
    expect(swiper.breakpoints[1025]).toMatchObject({ slidesPerView: 4, spaceBetween: 16 });
  });

  it('a single slide on desktop means one on tablet too', () => {
    expect(slideReservation({ slides_to_show: '1' })).toMatchObject({
      '--e-slides-desktop': '1',
      '--e-slides-tablet': '1',
      '--e-slides-mobile': '1',
    });
  });
});
