import Swiper from 'swiper';
import type { SwiperOptions } from 'swiper/types';
import { yieldToBrowser } from '../../../core/timing/yield';

/**
 * Creates a Swiper in the caller's task and starts it (`init`: its size, slides, position, loop and modules) in a
 * task of its own. A carousel in the first view started at load in one task of 70–160 ms of CPU on a throttled
 * phone; creating it (parameters, modules) is a sixth to a third of that (docs/performance.md, Vitals). Answers null,
 * without starting it, when `wanted` says the carousel was disconnected or re-created meanwhile.
 */
export async function startSwiper(container: HTMLElement, options: SwiperOptions, wanted: () => boolean): Promise<Swiper | null> {
  const swiper = new Swiper(container, { ...options, init: false });
  await yieldToBrowser();
  if (!wanted() || !container.isConnected) return null;
  swiper.init();
  return swiper;
}
