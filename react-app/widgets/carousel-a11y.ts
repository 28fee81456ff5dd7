// The accessible carousel of every Swiper-based widget (image carousel, slides), as the WAI-ARIA carousel
// pattern has it: the carousel is a region announced as a carousel and named by the widget, each slide a group
// announced as a slide with its place ("2 of 5"). Spread them on the wrapper and on each slide.

/** The carousel's wrapper (left to right whatever the page's direction, as Swiper lays it out). */
export const carouselRegion = (label: string) =>
  ({ role: 'region', 'aria-roledescription': 'carousel', 'aria-label': label, dir: 'ltr' }) as const;

/** Slide `index` (from 0) of `count`. */
export const slideGroup = (index: number, count: number) =>
  ({ role: 'group', 'aria-roledescription': 'slide', 'aria-label': `${index + 1} of ${count}` }) as const;
