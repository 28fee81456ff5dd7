import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listStores } from '../services/stores';

// Props each island is rendered (and hydrated) with, loaded on the server for the request.
export type IslandDataLoader = (app: FastifyInstance, request: FastifyRequest) => Promise<Record<string, unknown>>;

export const islandData: Record<string, IslandDataLoader> = {
  'store-picker': async (app, request) => ({
    stores: (await listStores(app.db.kysely)).map((s) => ({
      id: s.id, name: s.name, slug: s.slug, address_1: s.address_1, city: s.city, state: s.state, postal_code: s.postal_code,
      phone: s.phone, is_selectable: s.is_selectable, kind: s.kind,
    })),
    currentStoreId: request.visitor.storeId,
  }),
};
