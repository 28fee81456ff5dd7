// Chunk entry: rollup builds one lazily loaded file per entry in this folder (stylesheets: ../styles.json).
export { default } from '../../measure/cart-attribution';
