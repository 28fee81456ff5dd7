import type { MerchandiserInput } from '../wire/catalogue-admin';
import { endpoint } from './endpoint';
import type * as S from './schemas/catalogue';

// The catalogue back office's routes (/api/admin/v1/catalogue/, server/routes/admin/catalogue.ts): their
// input and answer schemas are the formats of core/wire/catalogue-admin.ts; the screens call them under this base.
export const CATALOGUE_API = '/api/admin/v1/catalogue';

/** Who holds the merchandiser role (administrators only): list, grant by email, take away. */
export const merchandisers = endpoint<typeof S.merchandisers>()('GET', `${CATALOGUE_API}/merchandisers`);
export const grantMerchandiser = endpoint<typeof S.merchandiser, { body: MerchandiserInput }>()('POST', `${CATALOGUE_API}/merchandisers`);
export const revokeMerchandiser = endpoint<typeof S.merchandiserRevoked>()('DELETE', `${CATALOGUE_API}/merchandisers/:id`);
