import { z } from 'zod';
import type { MerchandiserRecord } from '../../wire/catalogue-admin';
import { bool, exactly, int, itemsOf, str } from './common';

// The catalogue back office's answers that have an endpoint (core/api/catalogue.ts). The other catalogue routes
// declare theirs in server/routes/admin/catalogue.ts (docs/api.md, "Typed endpoints").

export const merchandiser = z.object({ id: int, name: str, email: str });
exactly<z.output<typeof merchandiser>, MerchandiserRecord>(true);
export const merchandisers = itemsOf(merchandiser);
export const merchandiserRevoked = z.object({ deleted: bool });
