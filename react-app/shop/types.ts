// Shapes the shop platform API answers; the shared wire types live in core/shop/api-types.ts.
export type { Cart, CartLine, NavNode, Order, Product, ProductPage } from '../../core/shop/api-types';

export type { ShopUser } from '../../core/wire/islands';

export type { StoreInfo } from '../../core/wire/store';
