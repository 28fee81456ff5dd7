// Shapes the shop platform API answers; the shared wire types live in core/shop/api-types.ts.
export type { Cart, CartLine, NavNode, Order, Product, ProductPage } from '../../core/shop/api-types';

export interface ShopUser {
  id: number;
  email: string;
  name: string;
}

export type { StoreInfo } from '../../core/wire/store';
