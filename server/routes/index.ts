import type { FastifyInstance } from 'fastify';
import { contentRoutes } from './content';
import { contactRoutes } from './contact';
import { refreshLoopRoutes } from './loop/refresh-loop';
import { mediaRoutes } from './media';
import { storePageRoutes } from './store-pages';
import { pageRoutes } from './pages';
import { sessionRoutes } from './shop/session';
import { storeRoutes } from './shop/stores';

// Every route group, one Fastify plugin each. Page routes (the catch-all) come last.
export const routeGroups: Array<(app: FastifyInstance) => Promise<void>> = [
  storeRoutes,
  sessionRoutes,
  mediaRoutes,
  refreshLoopRoutes,
  contentRoutes,
  contactRoutes,
  storePageRoutes,
  // New route groups go above this line.
  pageRoutes,
];
