// @vitest-environment jsdom
import Swiper from 'swiper';
import { Navigation } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TimedAutoplay from './autoplay';

// Speed 0: jsdom has no CSS transitions, so Swiper ends each move at once (as a reduced-motion visitor sees it).
function carousel(autoplay: SwiperOptions['autoplay']): Swiper {
  document.body.innerHTML = `<div class="swiper"><div class="swiper-wrapper">${[1, 2, 3]
    .map((i) => `<div class="swiper-slide">${i}</div>`)
    .join('')}</div><button class="next">next</button></div>`;
  return new Swiper(document.querySelector<HTMLElement>('.swiper')!, {
    modules: [TimedAutoplay, Navigation],
    speed: 0,
    width: 300, // jsdom lays nothing out: Swiper's option for tests and hidden carousels
    autoplay,
    navigation: { nextEl: document.querySelector<HTMLElement>('.next') },
  });
}

describe('carousel autoplay', () => {
  let frames = 0;
  let swiper: Swiper | null = null;
  beforeEach(() => {
    vi.useFakeTimers();
    frames = 0;
    const raf = window.requestAnimationFrame.bind(window);
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => (frames++, raf(cb)));
  });
  afterEach(() => {
    swiper?.destroy(true, true);
    swiper = null;
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('moves a slide each delay, back to the first after the last, and asks for no frames in between', () => {
    swiper = carousel({ delay: 1000 });
    expect(swiper.autoplay.running).toBe(true);
    expect(swiper.activeIndex).toBe(0);
    vi.advanceTimersByTime(999);
    expect(swiper.activeIndex).toBe(0);
    expect(swiper.autoplay.timeLeft).toBe(1);
    frames = 0;
    vi.advanceTimersByTime(1);
    expect(swiper.activeIndex).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(swiper.activeIndex).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(swiper.activeIndex).toBe(0); // not looping: rewinds
    // Swiper's own module asked for a frame every 16 ms to count down; the page stays idle here.
    vi.advanceTimersByTime(5000);
    expect(frames).toBe(0);
  });

  it('stops at the last slide with stopOnLastSlide', () => {
    swiper = carousel({ delay: 500, stopOnLastSlide: true });
    vi.advanceTimersByTime(2000);
    expect(swiper.activeIndex).toBe(2);
    expect(swiper.autoplay.running).toBe(false);
  });

  it("a visitor's move stops it with disableOnInteraction, and only restarts the wait without", () => {
    swiper = carousel({ delay: 1000, disableOnInteraction: true });
    vi.advanceTimersByTime(600);
    document.querySelector<HTMLElement>('.next')!.click();
    expect(swiper.activeIndex).toBe(1);
    expect(swiper.autoplay.running).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(swiper.activeIndex).toBe(1);
    swiper.destroy(true, true);

    swiper = carousel({ delay: 1000 });
    vi.advanceTimersByTime(600);
    document.querySelector<HTMLElement>('.next')!.click();
    expect(swiper.activeIndex).toBe(1);
    vi.advanceTimersByTime(999); // the new slide gets its whole time
    expect(swiper.activeIndex).toBe(1);
    vi.advanceTimersByTime(1);
    expect(swiper.activeIndex).toBe(2);
  });

  it('holds while a mouse rests on it (pauseOnMouseEnter) and keeps what was left of the wait', () => {
    swiper = carousel({ delay: 1000, pauseOnMouseEnter: true });
    const el = document.querySelector('.swiper')!;
    vi.advanceTimersByTime(700);
    el.dispatchEvent(Object.assign(new Event('pointerenter'), { pointerType: 'mouse' }));
    expect(swiper.autoplay.paused).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(swiper.activeIndex).toBe(0);
    expect(swiper.autoplay.timeLeft).toBe(300);
    el.dispatchEvent(Object.assign(new Event('pointerleave'), { pointerType: 'mouse' }));
    vi.advanceTimersByTime(299);
    expect(swiper.activeIndex).toBe(0);
    vi.advanceTimersByTime(1);
    expect(swiper.activeIndex).toBe(1);
    // A finger is not a resting mouse.
    el.dispatchEvent(Object.assign(new Event('pointerenter'), { pointerType: 'touch' }));
    expect(swiper.autoplay.paused).toBe(false);
  });

  it('holds while the tab is hidden', () => {
    swiper = carousel({ delay: 1000 });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(3000);
    expect(swiper.activeIndex).toBe(0);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(1000);
    expect(swiper.activeIndex).toBe(1);
  });

  it('stop, start and destroy leave no timer behind; off unless asked', () => {
    swiper = carousel({ delay: 1000 });
    swiper.autoplay.stop();
    vi.advanceTimersByTime(3000);
    expect(swiper.activeIndex).toBe(0);
    expect(swiper.autoplay.start()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(swiper.activeIndex).toBe(1);
    swiper.destroy(true, true);
    expect(vi.getTimerCount()).toBe(0);

    swiper = carousel(undefined);
    expect(swiper.autoplay.running).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(swiper.activeIndex).toBe(0);
  });
});
