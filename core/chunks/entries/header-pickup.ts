// Chunk entry: the held pickup window in the site header.
export { default } from '../../shop/header-pickup';
