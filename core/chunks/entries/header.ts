// Chunk entry: the site header (mega menu, off-canvas, sticky header, banners, back-to-top).
export { default } from '../../header/header';
