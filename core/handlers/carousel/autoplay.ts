import type { AutoplayMethods, SwiperModule } from 'swiper/types';
import { CAROUSEL_DEFAULTS } from './options';

/**
 * Autoplay for our carousels, a Swiper module with Swiper's own `autoplay` params, methods and events, driven by
 * one timer a slide. Swiper's Autoplay module also runs a frame loop for as long as it plays, only to emit
 * `autoplayTimeLeft` (for countdown bars, which no widget of ours draws): a page with a playing carousel then never
 * goes idle, and an open home page kept a phone's renderer and compositor busy at 60 frames a second (0.13 of a
 * core in Chromium, measured 2026-11-26). Here `timeLeft` is computed when it is read, and nothing runs between
 * slides.
 *
 * What it does, as Swiper's does: after `delay` it moves to the next slide (back to the first at the end, unless
 * `stopOnLastSlide` or the carousel loops); the next wait starts when that transition ends. A visitor's own move
 * (arrow, dot, keyboard, swipe) stops it with `disableOnInteraction`, else restarts the wait; `pauseOnMouseEnter`
 * holds it while a mouse rests on the carousel; a hidden tab holds it too.
 */
const TimedAutoplay: SwiperModule = ({ swiper, extendParams, on, emit }) => {
  extendParams({
    autoplay: {
      enabled: false,
      delay: CAROUSEL_DEFAULTS.autoplaySpeed,
      disableOnInteraction: false,
      stopOnLastSlide: false,
      pauseOnMouseEnter: false,
    },
  });
  const params = () => swiper.params.autoplay ?? {};
  const delay = () => params().delay ?? CAROUSEL_DEFAULTS.autoplaySpeed;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadline = 0;
  /** While paused: what was left of the wait. */
  let remaining = 0;
  let heldByTouch = false;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const wait = (ms: number) => {
    clear();
    deadline = Date.now() + ms;
    timer = setTimeout(advance, ms);
  };
  function advance(): void {
    timer = undefined;
    if (swiper.destroyed || !state.running || state.paused) return;
    const speed = swiper.params.speed;
    if (!swiper.isEnd || swiper.params.loop || swiper.params.rewind) swiper.slideNext(speed, true, true);
    else if (!params().stopOnLastSlide) swiper.slideTo(0, speed, true, true);
    else {
      stop();
      return;
    }
    emit('autoplay');
  }

  function start(): boolean {
    if (swiper.destroyed) return false;
    state.running = true;
    state.paused = false;
    wait(delay());
    emit('autoplayStart');
    return true;
  }
  function stop(): boolean {
    if (swiper.destroyed) return false;
    clear();
    state.running = false;
    state.paused = false;
    emit('autoplayStop');
    return true;
  }
  function pause(): void {
    if (swiper.destroyed || !state.running || state.paused) return;
    remaining = timer === undefined ? delay() : Math.max(0, deadline - Date.now());
    clear();
    state.paused = true;
    emit('autoplayPause');
  }
  function resume(): void {
    if (swiper.destroyed || !state.running || !state.paused) return;
    state.paused = false;
    wait(remaining || delay());
    emit('autoplayResume');
  }

  const state: AutoplayMethods = {
    running: false,
    paused: false,
    get timeLeft() {
      if (!state.running) return 0;
      return state.paused ? remaining : timer === undefined ? delay() : Math.max(0, deadline - Date.now());
    },
    set timeLeft(_ignored: number) {
      // Swiper's type lets callers assign it; the time left is always computed.
    },
    start,
    stop,
    pause,
    resume,
  };
  swiper.autoplay = state;

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') pause();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') resume();
  };
  const onVisibility = () => (document.visibilityState === 'hidden' ? pause() : resume());

  on('init', () => {
    if (!params().enabled) return;
    if (params().pauseOnMouseEnter) {
      swiper.el.addEventListener('pointerenter', onPointerEnter);
      swiper.el.addEventListener('pointerleave', onPointerLeave);
    }
    document.addEventListener('visibilitychange', onVisibility);
    start();
  });
  on('destroy', () => {
    swiper.el?.removeEventListener?.('pointerenter', onPointerEnter);
    swiper.el?.removeEventListener?.('pointerleave', onPointerLeave);
    document.removeEventListener('visibilitychange', onVisibility);
    if (state.running) stop();
  });
  // Any move: a visitor's (not internal) ends autoplay with disableOnInteraction; otherwise the next wait starts
  // when the transition ends.
  on('beforeTransitionStart', (_swiper, _speed, internal) => {
    if (swiper.destroyed || !state.running) return;
    if (!internal && params().disableOnInteraction) stop();
    else clear();
  });
  on('transitionEnd', () => {
    if (!swiper.destroyed && state.running && !state.paused) wait(delay());
  });
  on('slideChange', () => {
    if (state.paused) remaining = delay(); // a new slide gets its whole time
  });
  on('sliderFirstMove', () => {
    if (swiper.destroyed || !state.running) return;
    if (params().disableOnInteraction) stop();
    else if (!state.paused) {
      heldByTouch = true;
      pause();
    }
  });
  on('touchEnd', () => {
    if (!heldByTouch) return;
    heldByTouch = false;
    resume();
  });
};

export default TimedAutoplay;
