import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import Circular from '../../react-app/islands/circular';
import DrinkCalculator from '../../react-app/islands/drink-calculator';
import Recipe from '../../react-app/islands/recipe';
import Shop from '../../react-app/islands/shop';
import ContactForm from '../../react-app/islands/contact-form';
import StorePicker from '../../react-app/islands/store-picker';
import { requestIslandProps } from '../services/shopper-content';
import { listStores } from '../services/stores';
import { toContactStore, toStoreSummary } from '../../core/wire/store';

// Server side of the islands: the component (the client loads the same module lazily through
// react-app/islands/registry.ts) and the props it is rendered and hydrated with for this request.
interface ServerIsland {
  component: ComponentType<never>;
  props: (app: FastifyInstance, request: FastifyRequest) => Promise<Record<string, unknown>>;
}

export const serverIslands: Record<string, ServerIsland> = {
  'store-picker': {
    component: StorePicker as ComponentType<never>,
    props: async (app, request) => ({
      stores: (await listStores(app.db.kysely)).map(toStoreSummary),
      currentStoreId: request.visitor.storeId,
    }),
  },
  shop: {
    component: Shop as ComponentType<never>,
    props: async (_app, request) => {
      const u = request.visitor.user;
      return { currentStoreId: request.visitor.storeId, user: u ? { id: u.id, email: u.email, name: u.name } : null };
    },
  },
  'drink-calculator': { component: DrinkCalculator as ComponentType<never>, props: async () => ({}) },
  circular: { component: Circular as ComponentType<never>, props: async (_app, request) => requestIslandProps(request, 'circular') },
  recipe: { component: Recipe as ComponentType<never>, props: async (_app, request) => requestIslandProps(request, 'recipe') },
  'contact-form': {
    component: ContactForm as ComponentType<never>,
    props: async (app, request) => ({
      // listStores sorts by state, then name.
      stores: (await listStores(app.db.kysely)).filter((s) => s.kind === 'shopping').map(toContactStore),
      currentStoreId: request.visitor.storeId,
    }),
  },
};

export function renderIsland(name: string, props: unknown): string {
  const island = serverIslands[name];
  return island ? renderToString(createElement(island.component, props as never)) : '';
}
