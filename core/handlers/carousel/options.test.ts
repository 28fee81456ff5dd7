import { describe, expect, it } from 'vitest';
import { defaultBreakpoints } from '../../config/breakpoints';
import { offsetClassOf, swiperOptions } from './options';

describe('carousel option mapping', () => {
  it('uses the defaults: 3 on desktop, 2 on tablet, 1 on mobile, groups of 1, spacing 20, autoplay 3000 ms', () => {
    const o = swiperOptions({ autoplay: 'yes' }, defaultBreakpoints);
    expect(o.breakpoints).toEqual({
      320: { slidesPerView: 1, slidesPerGroup: 1, spaceBetween: 20 },
      768: { slidesPerView: 2, slidesPerGroup: 1, spaceBetween: 20 },
      1025: { slidesPerView: 3, slidesPerGroup: 1, spaceBetween: 20 },
    });
    // Swiper copies an explicit undefined over its own default: the base options must carry a number.
    expect(o.spaceBetween).toBe(20);
    expect(o.autoplay).toEqual({ delay: 3000, disableOnInteraction: false, pauseOnMouseEnter: false });
  });

  it('shows 1 on tablet when a single slide is shown on desktop, and uses the effect then', () => {
    const o = swiperOptions({ slides_to_show: '1', effect: 'fade' }, defaultBreakpoints);
    expect(o.breakpoints[768].slidesPerView).toBe(1);
    expect(o.effect).toBe('fade');
    expect(o.fadeEffect).toEqual({ crossFade: true });
    expect(swiperOptions({ slides_to_show: '3', effect: 'fade' }, defaultBreakpoints).effect).toBeUndefined();
  });

  it('honours per-device slides_to_show and slides_to_scroll and spacing', () => {
    const o = swiperOptions(
      {
        slides_to_show: '5',
        slides_to_show_tablet: '3',
        slides_to_scroll: '2',
        slides_to_scroll_mobile: '1',
        image_spacing_custom: { size: 20, unit: 'px' },
        image_spacing_custom_mobile: { size: 8 },
      },
      defaultBreakpoints,
    );
    expect(o.breakpoints[1025]).toEqual({ slidesPerView: 5, slidesPerGroup: 2, spaceBetween: 20 });
    expect(o.breakpoints[768]).toEqual({ slidesPerView: 3, slidesPerGroup: 2, spaceBetween: 20 });
    expect(o.breakpoints[320]).toEqual({ slidesPerView: 1, slidesPerGroup: 1, spaceBetween: 8 });
  });

  it('inherits spacing and per-device values mobile → tablet → desktop, skipping emptied values', () => {
    const o = swiperOptions(
      {
        slides_to_show: '4',
        slides_to_show_tablet: '',
        slides_to_scroll_tablet: '2',
        image_spacing_custom: { size: 12, unit: 'px' },
        image_spacing_custom_tablet: { size: 6, unit: 'px' },
        image_spacing_custom_mobile: { size: '', unit: 'px' },
      },
      defaultBreakpoints,
    );
    expect(o.breakpoints[1025]).toEqual({ slidesPerView: 4, slidesPerGroup: 1, spaceBetween: 12 });
    expect(o.breakpoints[768]).toEqual({ slidesPerView: 2, slidesPerGroup: 2, spaceBetween: 6 });
    expect(o.breakpoints[320]).toEqual({ slidesPerView: 1, slidesPerGroup: 2, spaceBetween: 6 });
  });

  it('adds 0.001 per view when neighbours peek in at the sides', () => {
    const o = swiperOptions({ slides_to_show: '3', offset_sides: 'both' }, defaultBreakpoints);
    expect(o.breakpoints[1025].slidesPerView).toBeCloseTo(3.001, 6);
    expect(o.breakpoints[320].slidesPerView).toBeCloseTo(1.001, 6);
    expect(swiperOptions({ offset_sides: 'none' }, defaultBreakpoints).breakpoints[1025].slidesPerView).toBe(3);
  });

  it.each([
    ['left', 3, 'offset-left'],
    ['right', 3.001, 'offset-right'],
    ['both', 3.001, 'offset-both'],
    ['none', 3, null],
    ['diagonal', 3, null],
  ])('offset_sides %s: %s per view on desktop, container class %s', (side, perView, cls) => {
    expect(swiperOptions({ offset_sides: side }, defaultBreakpoints).breakpoints[1025].slidesPerView).toBeCloseTo(perView, 6);
    expect(offsetClassOf({ offset_sides: side })).toBe(cls);
  });

  it.each([
    ['arrows', true, false],
    ['dots', false, true],
    ['both', true, true],
    ['none', false, false],
  ])('navigation %s: arrows %s, dots %s', (navigation, arrows, dots) => {
    const o = swiperOptions({ navigation }, defaultBreakpoints);
    expect(!!o.navigation).toBe(arrows);
    expect(!!o.pagination).toBe(dots);
  });

  it('maps infinite, speed, pause settings and lazyload', () => {
    const o = swiperOptions(
      {
        infinite: 'yes',
        speed: '800',
        autoplay: 'yes',
        autoplay_speed: '5000',
        pause_on_interaction: 'yes',
        pause_on_hover: 'yes',
        lazyload: 'yes',
      },
      defaultBreakpoints,
    );
    expect(o).toMatchObject({
      loop: true,
      speed: 800,
      lazyload: true,
      autoplay: { delay: 5000, disableOnInteraction: true, pauseOnMouseEnter: true },
    });
  });
});
