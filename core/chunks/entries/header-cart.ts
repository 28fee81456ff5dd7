// Chunk entry: the header cart (count and mini-cart) on every page.
export { default } from '../../shop/header-cart/header-cart';
