import type { FastifyInstance } from 'fastify';
import { readMenuMode, type MenuMode } from '../../core/header/menu-markup';
import { navigationFor, type Navigation } from '../services/navigation';
import { shopStoreId, type Store } from '../services/stores';

// What the site chrome needs besides the visitor: the store's navigation and the department menu setting.
export interface Chrome {
  navigation?: Navigation;
  menuMode: MenuMode;
}

/** Never fails: with the database down (the 503 page) the header renders without departments. */
export async function loadChrome(app: FastifyInstance, store: Store | null): Promise<Chrome> {
  const navigation = await navigationFor(app.db.kysely, store ? shopStoreId(store) : null, store).catch(() => undefined);
  return { navigation, menuMode: readMenuMode(app.siteSettings.kit.department_menu) };
}
