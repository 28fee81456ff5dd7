// Chunk entry: product suggestions under the header's search box.
export { default } from '../../header/search-suggest';
