// Chunk entry: the loop grid widget (filtered grids, SPEC §4 Loop widget refresh).
export { default } from '../../loop-filter/loop-grid-handler';
