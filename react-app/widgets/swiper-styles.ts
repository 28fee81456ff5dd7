/** Swiper's stylesheets, which the carousel and slides chunks link in the head of the pages that show them. */
export const SWIPER_STYLES = [
  'node_modules/swiper/swiper.css',
  'node_modules/swiper/modules/navigation.css',
  'node_modules/swiper/modules/pagination.css',
  'node_modules/swiper/modules/effect-fade.css',
];
