// The ad's add buttons work as the Add to Cart widget's do.
export { default } from '../add-to-cart/handler';
