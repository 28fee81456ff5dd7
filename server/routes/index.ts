import type { FastifyInstance } from 'fastify';
import { refreshLoopRoutes } from './loop/refresh-loop';
import { mediaRoutes } from './media';
import { pageRoutes } from './pages';
import { accountRoutes } from './shop/account';
import { cartRoutes } from './shop/cart';
import { favoriteRoutes } from './shop/favorites';
import { orderRoutes } from './shop/orders';
import { productRoutes } from './shop/products';
import { sessionRoutes } from './shop/session';
import { shopperPageRoutes } from './shopper-pages';
import { storeRoutes } from './shop/stores';

// Every route group, one Fastify plugin each. Page routes (the catch-all) come last.
export const routeGroups: Array<(app: FastifyInstance) => Promise<void>> = [
  storeRoutes,
  sessionRoutes,
  mediaRoutes,
  refreshLoopRoutes,
  productRoutes,
  cartRoutes,
  favoriteRoutes,
  orderRoutes,
  accountRoutes,
  shopperPageRoutes,
  // New route groups go above this line.
  pageRoutes,
];
