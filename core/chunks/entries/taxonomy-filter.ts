// Chunk entry: the taxonomy filter widget (shares core/loop-filter with the loop grid chunk).
export { default } from '../../loop-filter/taxonomy-filter-handler';
