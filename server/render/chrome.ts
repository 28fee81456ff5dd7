import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMenuMode, type MenuMode } from '../../core/header/menu-markup';
import { navigationFor, type Navigation } from '../services/navigation';
import { shopStoreId, type Store } from '../services/stores';

// What the site chrome needs besides the visitor: the store's navigation and the department menu setting.
export interface Chrome {
  navigation?: Navigation;
  menuMode: MenuMode;
}

/** Never fails: with the database down (the 503 page) the header renders without departments. */
export async function loadChrome(app: FastifyInstance, request: FastifyRequest, store: Store | null): Promise<Chrome> {
  const navigation = await requestNavigation(app, request, store ? shopStoreId(store) : null, store).catch(() => undefined);
  return { navigation, menuMode: readMenuMode(app.siteSettings.kit.department_menu) };
}

const perRequest = new WeakMap<FastifyRequest, Map<number | null, Promise<Navigation>>>();

/**
 * A store's navigation, read once per request: the header's menu and the shop island show the same departments, and
 * each read is two statements more on every shop page (docs/performance.md, "Catalogue imports").
 */
export function requestNavigation(
  app: FastifyInstance,
  request: FastifyRequest,
  storeId: number | null,
  known?: Pick<Store, 'id' | 'kind'> | null,
): Promise<Navigation> {
  let byStore = perRequest.get(request);
  if (!byStore) perRequest.set(request, (byStore = new Map()));
  let navigation = byStore.get(storeId);
  if (!navigation) byStore.set(storeId, (navigation = navigationFor(app.db.kysely, storeId, known)));
  return navigation;
}
