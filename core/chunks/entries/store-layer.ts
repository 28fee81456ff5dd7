// Chunk entry: the store layer (current store, link rewriting, content loaders, catering/wine rules).
export { default } from '../../store-layer/store-layer';
