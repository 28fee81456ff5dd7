import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { departmentInput, productInput, storeInput, storePriceInput } from '../../../core/wire/catalogue-admin';
import { csvRows } from '../../services/catalogue/common';
import { listDepartmentRecords, saveDepartment } from '../../services/catalogue/department-admin';
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
import { productTrail, rowTrail, storeTrail } from '../../services/catalogue/trails';
import { idParams, withSchemas } from '../../validation';
import {
  catalogueContext,
  B,
  productQuery,
  storeQuery,
  priceQuery,
  trailQuery,
  priceParams,
  trailParams,
  EXPORT_PAGE,
  record,
  listOf,
  storeRecord,
  productRecord,
  priceRecord,
  auditList,
  csvAnswer,
  deletedAnswer,
} from './catalogue-common';

// The back office's catalogue API (docs/catalogue.md): administrators and merchandisers list, search, export,
// create and change stores, departments, products, store prices, promotions, coupons, circulars and recipes,
// upload their images and read the audit trail. Writes need the nonce (a write without one is anonymous: 401).
// Every change is one transaction with its audit entry; bad input is a 400 naming the field, writing nothing.
// Stores, departments, products and store prices here; offers and content, images and merchandisers beside it.

export async function catalogueAdminRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const { db, siteOrigin, read, write, actor, found, sendCsv } = catalogueContext(app);
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

  // ---- audit trails of the other rows
  app.get(
    `${B}/audit/:entity/:id`,
    { ...read, schema: { params: trailParams, querystring: trailQuery, response: { 200: auditList } } },
    async (r) => ({
      items: await rowTrail(db, r.params.entity, r.params.id, r.query.limit, r.query.before),
    }),
  );
}
