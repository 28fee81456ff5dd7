// Chunk entry: the loop grid widget (filtered grids; docs/behaviour.md, "Loop grids and filters").
export { default } from '../../loop-filter/loop-grid-handler';
