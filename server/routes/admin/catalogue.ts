import { Readable } from 'node:stream';
import { siteOrigin as siteOriginOf } from '../../render/seo-head';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  imageSrcset,
  imageUrl,
  imageWidths,
  circularInput,
  couponInput,
  departmentInput,
  merchandiserInput,
  productInput,
  promotionInput,
  recipeInput,
  storeInput,
  storePriceInput,
} from '../../../core/wire/catalogue-admin';
import { PRODUCT_ATTRIBUTES } from '../../../core/shop/product-attributes';
import { CATALOGS } from '../../../core/shop/catalog';
import { storeDay } from '../../../core/shop/store-day';
import { requireCapability } from '../../auth/guards';
import { ApiError, errors } from '../../errors';
import { type Actor, csvRows } from '../../services/catalogue/common';
import { getCircular, getRecipe, listCirculars, listRecipes, saveCircular, saveRecipe } from '../../services/catalogue/content-admin';
import { listDepartmentRecords, saveDepartment } from '../../services/catalogue/department-admin';
import { storeCatalogueImage } from '../../services/catalogue/images';
import {
  deletePromotion,
  getCoupon,
  getPromotion,
  listCoupons,
  listPromotions,
  saveCoupon,
  savePromotion,
} from '../../services/catalogue/offer-admin';
import {
  getProductRecord,
  listProductRecords,
  productPrices,
  removeStorePrice,
  saveProduct,
  setStorePrice,
  storePriceList,
} from '../../services/catalogue/product-admin';
import { getStoreRecord, listStoreRecords, saveStore } from '../../services/catalogue/store-admin';
import { grantMerchandiser, listMerchandisers, revokeMerchandiser } from '../../services/catalogue/merchandisers';
import { productTrail, rowTrail, storeTrail } from '../../services/catalogue/trails';
import { writeLog } from '../../services/editor/debug-log';
import { defaultUploadsDir, LocalFolderStorage } from '../../services/editor/storage';
import { UPLOAD_MAX_BYTES } from '../../services/editor/upload-rules';
import { answers, id, idParams, inputs, requireObjectBody, withSchemas } from '../../validation';
import * as catalogue from '../../../core/api/catalogue';
import * as C from '../../../core/api/schemas/catalogue';
import { csv } from '../../../core/api/schemas/admin';

// The back office's catalogue API (docs/catalogue.md): administrators and merchandisers list, search, export,
// create and change stores, departments, products, store prices, promotions, coupons, circulars and recipes,
// upload their images and read the audit trail. Writes need the nonce (a write without one is anonymous: 401).
// Every change is one transaction with its audit entry; bad input is a 400 naming the field, writing nothing.

const B = catalogue.CATALOGUE_API;

const page = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100_000)
  .default(1);
const perPage = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100, 'at most 100')
  .default(25);
const search = z.string().trim().max(100, 'at most 100 characters').optional();
const listQuery = z.object({ q: search, page, per_page: perPage });
const bool = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');
const productQuery = listQuery.extend({
  department_id: id.optional(),
  catalog: z.enum(CATALOGS, { error: `must be one of ${CATALOGS.join(', ')}` }).optional(),
  active: bool.optional(),
  attribute: z.enum(PRODUCT_ATTRIBUTES, { error: `must be one of ${PRODUCT_ATTRIBUTES.join(', ')}` }).optional(),
});
const storeQuery = listQuery.extend({ kind: z.enum(['shopping', 'catering', 'wine']).optional() });
const priceQuery = listQuery.extend({ store_id: id });
const promotionQuery = listQuery.extend({ product_id: id.optional(), current: bool.optional() });
const statusQuery = listQuery.extend({ status: z.enum(['draft', 'publish']).optional() });
const trailQuery = z.object({ before: id.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
const priceParams = z.object({ id, store_id: id });
const trailParams = z.object({ entity: z.enum(['department', 'promotion', 'coupon', 'circular', 'recipe', 'user']), id });
/** A CSV export reads every row matching the list's filters, this many at a time. */
const EXPORT_PAGE = 500;

// Response shapes: the fields the screens read are declared; records carry their other fields as stored.
const record = z.looseObject({ id: z.number() });
const listOf = (item: z.ZodType) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), per_page: z.number(), pages: z.number() });
const storeRecord = record.extend({
  name: z.string(),
  slug: z.string(),
  hours: z.record(z.string(), z.unknown()),
  holidays: z.array(z.unknown()),
});
const productRecord = record.extend({
  name: z.string(),
  slug: z.string(),
  upc: z.string().nullable(),
  price_cents: z.number(),
  images: z.array(z.unknown()),
});
const priceRecord = z.looseObject({
  store_id: z.number(),
  product_id: z.number(),
  price_cents: z.number(),
  member_price_cents: z.number().nullable(),
  available: z.boolean(),
});
const auditList = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      user_name: z.string(),
      entity: z.string(),
      entity_id: z.string(),
      action: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      created_at: z.number(),
    }),
  ),
});
/** A CSV export: streamed text (never serialised as JSON). */
const csvAnswer = { 200: csv };
const deletedAnswer = z.object({ deleted: z.boolean() });
const imageAnswer = z.object({
  image: z.object({ key: z.string(), alt: z.string(), width: z.number(), height: z.number() }),
  srcset: z.string(),
  src: z.string(),
});

export async function catalogueAdminRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const storage = new LocalFolderStorage(defaultUploadsDir(app.config));
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
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
      .header('Content-Disposition', `attachment; filename="${name}-${storeDay(new Date())}.csv"`)
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(rows));

  // ---- stores
  app.get(`${B}/stores`, { ...read, schema: { querystring: storeQuery, response: { 200: listOf(storeRecord) } } }, async (r) =>
    listStoreRecords(db, r.query),
  );
  app.get(`${B}/stores.csv`, { ...read, schema: { querystring: storeQuery, response: csvAnswer } }, async (r, reply) =>
    sendCsv(
      reply,
      'stores',
      csvRows(
        [
          'id',
          'name',
          'slug',
          'kind',
          'address_1',
          'address_2',
          'city',
          'state',
          'postal_code',
          'phone',
          'time_zone',
          'tax_rate_bp',
          'opening_date',
          'services',
          'store_group_ids',
          'is_selectable',
        ],
        async (p) => (await listStoreRecords(db, { ...r.query, page: p, per_page: EXPORT_PAGE })).items,
        (s) => [
          s.id,
          s.name,
          s.slug,
          s.kind,
          s.address_1,
          s.address_2,
          s.city,
          s.state,
          s.postal_code,
          s.phone,
          s.time_zone,
          s.tax_rate_bp,
          s.opening_date,
          s.services.join(' '),
          s.store_group_ids.join(' '),
          s.is_selectable,
        ],
      ),
    ),
  );
  app.get(`${B}/stores/:id`, { ...read, schema: { params: idParams, response: { 200: storeRecord } } }, async (r) =>
    found(await getStoreRecord(db, r.params.id), 'Store'),
  );
  app.post(`${B}/stores`, { ...write, schema: { body: storeInput, response: { 201: storeRecord } } }, async (r, reply) =>
    reply.code(201).send(await saveStore(db, actor(r), null, r.body, siteOrigin())),
  );
  app.put(`${B}/stores/:id`, { ...write, schema: { params: idParams, body: storeInput, response: { 200: storeRecord } } }, async (r) => {
    found(await getStoreRecord(db, r.params.id), 'Store');
    return saveStore(db, actor(r), r.params.id, r.body, siteOrigin());
  });
  app.get(
    `${B}/stores/:id/audit`,
    { ...read, schema: { params: idParams, querystring: trailQuery, response: { 200: auditList } } },
    async (r) => ({
      items: await storeTrail(db, r.params.id, r.query.limit, r.query.before),
    }),
  );

  // ---- departments
  app.get(`${B}/departments`, { ...read, schema: { response: { 200: z.object({ items: z.array(record) }) } } }, async () => ({
    items: await listDepartmentRecords(db),
  }));
  app.get(`${B}/departments.csv`, { ...read, schema: { response: csvAnswer } }, async (_r, reply) =>
    sendCsv(
      reply,
      'departments',
      csvRows(
        ['id', 'title', 'slug', 'parent_id', 'position', 'catalog', 'product_count'],
        async (p) => (p === 1 ? listDepartmentRecords(db) : []),
        (d) => [d.id, d.title, d.slug, d.parent_id, d.position, d.catalog, d.product_count],
      ),
    ),
  );
  app.post(`${B}/departments`, { ...write, schema: { body: departmentInput, response: { 201: record } } }, async (r, reply) =>
    reply.code(201).send(await saveDepartment(db, actor(r), null, r.body)),
  );
  app.put(`${B}/departments/:id`, { ...write, schema: { params: idParams, body: departmentInput, response: { 200: record } } }, async (r) =>
    saveDepartment(db, actor(r), r.params.id, r.body),
  );

  // ---- products
  app.get(`${B}/products`, { ...read, schema: { querystring: productQuery, response: { 200: listOf(productRecord) } } }, async (r) =>
    listProductRecords(db, r.query),
  );
  app.get(`${B}/products.csv`, { ...read, schema: { querystring: productQuery, response: csvAnswer } }, async (r, reply) =>
    sendCsv(
      reply,
      'products',
      csvRows(
        [
          'id',
          'name',
          'slug',
          'brand',
          'upc',
          'department_id',
          'catalog',
          'kind',
          'size_value',
          'size_unit',
          'price_cents',
          'snap_eligible',
          'tax_category',
          'age_restricted',
          'active',
          'attributes',
          'allergens',
          'description',
          'ingredients',
        ],
        async (p) => (await listProductRecords(db, { ...r.query, page: p, per_page: EXPORT_PAGE })).items,
        (x) => [
          x.id,
          x.name,
          x.slug,
          x.brand,
          x.upc,
          x.department_id,
          x.catalog,
          x.kind,
          x.size_value,
          x.size_unit,
          x.price_cents,
          x.snap_eligible,
          x.tax_category,
          x.age_restricted,
          x.active,
          x.attributes.join(' '),
          x.allergens.join(' '),
          x.description,
          x.ingredients,
        ],
      ),
    ),
  );
  app.get(`${B}/products/:id`, { ...read, schema: { params: idParams, response: { 200: productRecord } } }, async (r) =>
    found(await getProductRecord(db, r.params.id), 'Product'),
  );
  app.post(`${B}/products`, { ...write, schema: { body: productInput, response: { 201: productRecord } } }, async (r, reply) =>
    reply.code(201).send(await saveProduct(db, actor(r), null, r.body, siteOrigin())),
  );
  app.put(
    `${B}/products/:id`,
    { ...write, schema: { params: idParams, body: productInput, response: { 200: productRecord } } },
    async (r) => saveProduct(db, actor(r), r.params.id, r.body, siteOrigin()),
  );
  app.get(
    `${B}/products/:id/audit`,
    { ...read, schema: { params: idParams, querystring: trailQuery, response: { 200: auditList } } },
    async (r) => ({
      items: await productTrail(db, r.params.id, r.query.limit, r.query.before),
    }),
  );

  // ---- per-store prices
  app.get(
    `${B}/products/:id/prices`,
    { ...read, schema: { params: idParams, response: { 200: z.object({ items: z.array(priceRecord) }) } } },
    async (r) => {
      found(await getProductRecord(db, r.params.id), 'Product');
      return { items: await productPrices(db, r.params.id) };
    },
  );
  app.put(
    `${B}/products/:id/prices/:store_id`,
    { ...write, schema: { params: priceParams, body: storePriceInput, response: { 200: priceRecord } } },
    async (r) => setStorePrice(db, actor(r), r.params.id, r.params.store_id, r.body),
  );
  app.delete(
    `${B}/products/:id/prices/:store_id`,
    { ...read, schema: { params: priceParams, response: { 200: deletedAnswer } } },
    async (r) => {
      await removeStorePrice(db, actor(r), r.params.id, r.params.store_id);
      return { deleted: true };
    },
  );
  app.get(`${B}/prices`, { ...read, schema: { querystring: priceQuery, response: { 200: listOf(priceRecord) } } }, async (r) =>
    storePriceList(db, r.query),
  );
  app.get(`${B}/prices.csv`, { ...read, schema: { querystring: priceQuery, response: csvAnswer } }, async (r, reply) =>
    sendCsv(
      reply,
      `prices-store-${r.query.store_id}`,
      csvRows(
        [
          'store_id',
          'product_id',
          'product_name',
          'price_cents',
          'member_price_cents',
          'available',
          'sale_price_cents',
          'sale_start',
          'sale_end',
          'promotion_id',
        ],
        async (p) => (await storePriceList(db, { ...r.query, page: p, per_page: EXPORT_PAGE })).items,
        (x) => [
          x.store_id,
          x.product_id,
          x.product_name,
          x.price_cents,
          x.member_price_cents,
          x.available,
          x.sale_price_cents,
          x.sale_start,
          x.sale_end,
          x.promotion_id,
        ],
      ),
    ),
  );

  // ---- promotions
  const promotions = (q: z.output<typeof promotionQuery>, p = q.page, per = q.per_page) =>
    listPromotions(db, {
      q: q.q,
      product_id: q.product_id,
      current_on: q.current ? storeDay(new Date()) : undefined,
      page: p,
      per_page: per,
    });
  app.get(`${B}/promotions`, { ...read, schema: { querystring: promotionQuery, response: { 200: listOf(record) } } }, async (r) =>
    promotions(r.query),
  );
  app.get(`${B}/promotions.csv`, { ...read, schema: { querystring: promotionQuery, response: csvAnswer } }, async (r, reply) =>
    sendCsv(
      reply,
      'promotions',
      csvRows(
        ['id', 'product_id', 'product_name', 'title', 'sale_price_cents', 'start_date', 'end_date', 'store_ids'],
        async (p) => (await promotions(r.query, p, EXPORT_PAGE)).items,
        (x) => [x.id, x.product_id, x.product_name, x.title, x.sale_price_cents, x.start_date, x.end_date, x.store_ids.join(' ')],
      ),
    ),
  );
  app.get(`${B}/promotions/:id`, { ...read, schema: { params: idParams, response: { 200: record } } }, async (r) =>
    found(await getPromotion(db, r.params.id), 'Promotion'),
  );
  app.post(`${B}/promotions`, { ...write, schema: { body: promotionInput, response: { 201: record } } }, async (r, reply) =>
    reply.code(201).send(await savePromotion(db, actor(r), null, r.body)),
  );
  app.put(`${B}/promotions/:id`, { ...write, schema: { params: idParams, body: promotionInput, response: { 200: record } } }, async (r) =>
    savePromotion(db, actor(r), r.params.id, r.body),
  );
  app.delete(`${B}/promotions/:id`, { ...read, schema: { params: idParams, response: { 200: deletedAnswer } } }, async (r) => {
    await deletePromotion(db, actor(r), r.params.id);
    return { deleted: true };
  });

  // ---- coupons
  app.get(`${B}/coupons`, { ...read, schema: { querystring: listQuery, response: { 200: listOf(record) } } }, async (r) =>
    listCoupons(db, r.query),
  );
  app.get(`${B}/coupons.csv`, { ...read, schema: { querystring: listQuery, response: csvAnswer } }, async (r, reply) =>
    sendCsv(
      reply,
      'coupons',
      csvRows(
        [
          'id',
          'title',
          'description',
          'discount_kind',
          'discount_value',
          'product_ids',
          'start_date',
          'end_date',
          'limit_per_order',
          'active',
        ],
        async (p) => (await listCoupons(db, { ...r.query, page: p, per_page: EXPORT_PAGE })).items,
        (x) => [
          x.id,
          x.title,
          x.description,
          x.discount_kind,
          x.discount_value,
          x.product_ids.join(' '),
          x.start_date,
          x.end_date,
          x.limit_per_order,
          x.active,
        ],
      ),
    ),
  );
  app.get(`${B}/coupons/:id`, { ...read, schema: { params: idParams, response: { 200: record } } }, async (r) =>
    found(await getCoupon(db, r.params.id), 'Coupon'),
  );
  app.post(`${B}/coupons`, { ...write, schema: { body: couponInput, response: { 201: record } } }, async (r, reply) =>
    reply.code(201).send(await saveCoupon(db, actor(r), null, r.body)),
  );
  app.put(`${B}/coupons/:id`, { ...write, schema: { params: idParams, body: couponInput, response: { 200: record } } }, async (r) =>
    saveCoupon(db, actor(r), r.params.id, r.body),
  );

  // ---- circulars
  app.get(`${B}/circulars`, { ...read, schema: { querystring: statusQuery, response: { 200: listOf(record) } } }, async (r) =>
    listCirculars(db, r.query),
  );
  app.get(`${B}/circulars.csv`, { ...read, schema: { querystring: statusQuery, response: csvAnswer } }, async (r, reply) =>
    sendCsv(
      reply,
      'circulars',
      csvRows(
        ['id', 'title', 'slug', 'status', 'start_date', 'end_date', 'display_start_date', 'display_end_date', 'store_ids', 'items'],
        async (p) => (await listCirculars(db, { ...r.query, page: p, per_page: EXPORT_PAGE })).items,
        (x) => [
          x.id,
          x.title,
          x.slug,
          x.status,
          x.start_date,
          x.end_date,
          x.display_start_date,
          x.display_end_date,
          x.store_ids.join(' '),
          x.items.map((i) => `${i.product_id}@${i.sale_price_cents}`).join(' '),
        ],
      ),
    ),
  );
  app.get(`${B}/circulars/:id`, { ...read, schema: { params: idParams, response: { 200: record } } }, async (r) =>
    found(await getCircular(db, r.params.id), 'Circular'),
  );
  app.post(`${B}/circulars`, { ...write, schema: { body: circularInput, response: { 201: record } } }, async (r, reply) =>
    reply.code(201).send(await saveCircular(db, actor(r), null, r.body, siteOrigin())),
  );
  app.put(`${B}/circulars/:id`, { ...write, schema: { params: idParams, body: circularInput, response: { 200: record } } }, async (r) =>
    saveCircular(db, actor(r), r.params.id, r.body, siteOrigin()),
  );

  // ---- recipes
  app.get(`${B}/recipes`, { ...read, schema: { querystring: statusQuery, response: { 200: listOf(record) } } }, async (r) =>
    listRecipes(db, r.query),
  );
  app.get(`${B}/recipes.csv`, { ...read, schema: { querystring: statusQuery, response: csvAnswer } }, async (r, reply) =>
    sendCsv(
      reply,
      'recipes',
      csvRows(
        ['id', 'title', 'slug', 'status', 'prep_minutes', 'cook_minutes', 'serves', 'course', 'cuisine', 'diet', 'ingredients'],
        async (p) => (await listRecipes(db, { ...r.query, page: p, per_page: EXPORT_PAGE })).items,
        (x) => [
          x.id,
          x.title,
          x.slug,
          x.status,
          x.prep_minutes,
          x.cook_minutes,
          x.serves,
          x.course.join('; '),
          x.cuisine.join('; '),
          x.diet.join('; '),
          x.ingredients.map((i) => `${i.quantity} ${i.name}`.trim()).join('; '),
        ],
      ),
    ),
  );
  app.get(`${B}/recipes/:id`, { ...read, schema: { params: idParams, response: { 200: record } } }, async (r) =>
    found(await getRecipe(db, r.params.id), 'Recipe'),
  );
  app.post(`${B}/recipes`, { ...write, schema: { body: recipeInput, response: { 201: record } } }, async (r, reply) =>
    reply.code(201).send(await saveRecipe(db, actor(r), null, r.body, siteOrigin())),
  );
  app.put(`${B}/recipes/:id`, { ...write, schema: { params: idParams, body: recipeInput, response: { 200: record } } }, async (r) =>
    saveRecipe(db, actor(r), r.params.id, r.body, siteOrigin()),
  );

  // ---- audit trails of the other rows
  app.get(
    `${B}/audit/:entity/:id`,
    { ...read, schema: { params: trailParams, querystring: trailQuery, response: { 200: auditList } } },
    async (r) => ({
      items: await rowTrail(db, r.params.entity, r.params.id, r.query.limit, r.query.before),
    }),
  );

  // ---- who holds the merchandiser role: administrators only (manage_options), merchandisers included in the 403s
  const adminOnly = requireCapability('manage_options');
  app.get(
    catalogue.merchandisers.path,
    { preValidation: adminOnly, schema: { response: answers(catalogue.merchandisers, C.merchandisers) } },
    async () => ({ items: await listMerchandisers(db) }),
  );
  app.post(
    catalogue.grantMerchandiser.path,
    {
      preValidation: [adminOnly, requireObjectBody],
      schema: {
        ...inputs(catalogue.grantMerchandiser, { body: merchandiserInput }),
        response: answers(catalogue.grantMerchandiser, C.merchandiser, 201),
      },
    },
    async (r, reply) => reply.code(201).send(await grantMerchandiser(db, actor(r), r.body.email)),
  );
  app.delete(
    catalogue.revokeMerchandiser.path,
    { preValidation: adminOnly, schema: { params: idParams, response: answers(catalogue.revokeMerchandiser, C.merchandiserRevoked) } },
    async (r) => {
      await revokeMerchandiser(db, actor(r), r.params.id);
      return { deleted: true };
    },
  );

  // ---- images: multipart POST with the field `file`; the answer is the stored set to put in a product or recipe.
  app.post(`${B}/images`, { preValidation: guard, schema: { response: { 201: imageAnswer } } }, async (request, reply) => {
    const user = request.visitor.user!;
    const reject = async (name: string, reason: string) => {
      await writeLog(db, 'warning', `Rejected catalogue image ${name}: ${reason}`, { file: name, reason, user_id: user.id });
      return new ApiError(400, 'upload_rejected', reason, { params: { file: reason } });
    };
    if (!request.isMultipart()) throw await reject('(none)', 'Send the image as multipart/form-data with the field "file".');
    let part;
    try {
      part = await request.file();
    } catch {
      throw await reject('(none)', 'The upload could not be read.');
    }
    if (!part || part.fieldname !== 'file') throw await reject('(none)', 'Send the image in the field "file".');
    const name = part.filename.replace(/[^\w.\- ]/g, '_').slice(0, 120) || 'image';
    let body: Buffer;
    try {
      body = await part.toBuffer();
    } catch {
      throw await reject(name, `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
    }
    const outcome = await storeCatalogueImage(db, storage, {
      name,
      declaredType: part.mimetype,
      body,
      truncated: part.file.truncated,
      userId: user.id,
    });
    if (!outcome.ok) throw await reject(name, outcome.reason);
    await writeLog(db, 'info', `Accepted catalogue image ${name} (${outcome.image.width}×${outcome.image.height})`, {
      file: name,
      key: outcome.image.key,
      user_id: user.id,
    });
    const widths = imageWidths(outcome.image);
    return reply
      .code(201)
      .send({ image: outcome.image, srcset: imageSrcset(outcome.image), src: imageUrl(outcome.image.key, widths[widths.length - 1]) });
  });

  // Public: the stored sizes of catalogue images. Any other name is a 404, never a 400.
  app.get('/media/catalogue/:file', { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const { file } = request.params;
    if (!/^[a-z0-9-]{8,80}-(160|320|640|1200)\.webp$/.test(file)) throw errors.missing('Image');
    const row = await db.selectFrom('uploads').select(['storage_key']).where('storage_key', '=', file).executeTakeFirst();
    const body = row ? await storage.get(row.storage_key) : null;
    if (!row || !body) throw errors.missing('Image');
    return reply
      .type('image/webp')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(body);
  });
}
