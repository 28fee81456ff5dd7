import { Readable } from 'node:stream';
import { siteOrigin as siteOriginOf } from '../../render/seo-head';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PRODUCT_ATTRIBUTES } from '../../../core/shop/product-attributes';
import { CATALOGS } from '../../../core/shop/catalog';
import { CHAIN_TIME_ZONE, storeDay } from '../../../core/shop/store-day';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { type Actor } from '../../services/catalogue/common';
import { id, requireObjectBody, type withSchemas } from '../../validation';
import { csv } from '../../../core/api/schemas/admin';

// Shared by the back office's catalogue route groups (docs/catalogue.md): query and answer shapes, guards, CSV.

export const page = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100_000)
  .default(1);
export const perPage = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100, 'at most 100')
  .default(25);
export const search = z.string().trim().max(100, 'at most 100 characters').optional();
export const listQuery = z.object({ q: search, page, per_page: perPage });
export const bool = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');
export const productQuery = listQuery.extend({
  department_id: id.optional(),
  catalog: z.enum(CATALOGS, { error: `must be one of ${CATALOGS.join(', ')}` }).optional(),
  active: bool.optional(),
  attribute: z.enum(PRODUCT_ATTRIBUTES, { error: `must be one of ${PRODUCT_ATTRIBUTES.join(', ')}` }).optional(),
});
export const storeQuery = listQuery.extend({ kind: z.enum(['shopping', 'catering', 'wine']).optional() });
export const priceQuery = listQuery.extend({ store_id: id });
export const promotionQuery = listQuery.extend({ product_id: id.optional(), current: bool.optional() });
export const statusQuery = listQuery.extend({ status: z.enum(['draft', 'publish']).optional() });
export const trailQuery = z.object({ before: id.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
export const priceParams = z.object({ id, store_id: id });
export const trailParams = z.object({ entity: z.enum(['department', 'promotion', 'coupon', 'circular', 'recipe', 'user']), id });
/** A CSV export reads every row matching the list's filters, this many at a time. */
export const EXPORT_PAGE = 500;

/** A CSV export: streamed text (never serialised as JSON). */
export const csvAnswer = { 200: csv };
/** What every catalogue route group shares: the database, the capability guards, the actor, CSV replies. */
export function catalogueContext(app: ReturnType<typeof withSchemas>) {
  const db = app.db.kysely;
  // The origin pages are served at (SITE_URL, else this server's address): canonical addresses must be on it.
  const siteOrigin = () => siteOriginOf(app);
  const guard = requireCapability('manage_catalogue');
  const read = { preValidation: guard };
  const write = { preValidation: [guard, requireObjectBody] };
  const actor = (request: FastifyRequest): Actor => ({ id: request.visitor.user!.id, name: request.visitor.user!.name });
  const found = <T>(value: T | null, what: string): T => {
    if (value === null) throw errors.missing(what);
    return value;
  };
  const sendCsv = (reply: FastifyReply, name: string, rows: AsyncGenerator<string>) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}-${storeDay(new Date(), CHAIN_TIME_ZONE)}.csv"`)
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(rows));

  return { db, siteOrigin, guard, read, write, actor, found, sendCsv };
}
