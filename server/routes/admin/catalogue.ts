import type { FastifyInstance } from 'fastify';
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
} from '../../services/catalogue/product-admin';
import { storePriceList } from '../../services/catalogue/price-list';
import { getStoreRecord, listStoreRecords, saveStore } from '../../services/catalogue/store-admin';
import { productTrail, rowTrail, storeTrail } from '../../services/catalogue/trails';
import { answers, idParams, inputs, withSchemas } from '../../validation';
import * as catalogue from '../../../core/api/catalogue';
import * as C from '../../../core/api/schemas/catalogue';
import {
  catalogueContext,
  productQuery,
  storeQuery,
  priceQuery,
  trailQuery,
  priceParams,
  trailParams,
  EXPORT_PAGE,
  csvAnswer,
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
  app.get(
    catalogue.stores.path,
    { ...read, schema: { ...inputs(catalogue.stores, { querystring: storeQuery }), response: answers(catalogue.stores, C.storePage) } },
    async (r) => listStoreRecords(db, r.query),
  );
  app.get(catalogue.storesCsv.path, { ...read, schema: { querystring: storeQuery, response: csvAnswer } }, async (r, reply) =>
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
  app.get(catalogue.store.path, { ...read, schema: { params: idParams, response: answers(catalogue.store, C.store) } }, async (r) =>
    found(await getStoreRecord(db, r.params.id), 'Store'),
  );
  app.post(
    catalogue.createStore.path,
    {
      ...write,
      schema: { ...inputs(catalogue.createStore, { body: storeInput }), response: answers(catalogue.createStore, C.store, 201) },
    },
    async (r, reply) => reply.code(201).send(await saveStore(db, actor(r), null, r.body, siteOrigin())),
  );
  app.put(
    catalogue.updateStore.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.updateStore, { body: storeInput }),
        params: idParams,
        response: answers(catalogue.updateStore, C.store),
      },
    },
    async (r) => {
      found(await getStoreRecord(db, r.params.id), 'Store');
      return saveStore(db, actor(r), r.params.id, r.body, siteOrigin());
    },
  );
  app.get(
    catalogue.storeAudit.path,
    {
      ...read,
      schema: {
        ...inputs(catalogue.storeAudit, { querystring: trailQuery }),
        params: idParams,
        response: answers(catalogue.storeAudit, C.auditTrail),
      },
    },
    async (r) => ({
      items: await storeTrail(db, r.params.id, r.query.limit, r.query.before),
    }),
  );

  // ---- departments
  app.get(catalogue.departments.path, { ...read, schema: { response: answers(catalogue.departments, C.departments) } }, async () => ({
    items: await listDepartmentRecords(db),
  }));
  app.get(catalogue.departmentsCsv.path, { ...read, schema: { response: csvAnswer } }, async (_r, reply) =>
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
  app.post(
    catalogue.createDepartment.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.createDepartment, { body: departmentInput }),
        response: answers(catalogue.createDepartment, C.department, 201),
      },
    },
    async (r, reply) => reply.code(201).send(await saveDepartment(db, actor(r), null, r.body)),
  );
  app.put(
    catalogue.updateDepartment.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.updateDepartment, { body: departmentInput }),
        params: idParams,
        response: answers(catalogue.updateDepartment, C.department),
      },
    },
    async (r) => saveDepartment(db, actor(r), r.params.id, r.body),
  );

  // ---- products
  app.get(
    catalogue.products.path,
    {
      ...read,
      schema: { ...inputs(catalogue.products, { querystring: productQuery }), response: answers(catalogue.products, C.productPage) },
    },
    async (r) => listProductRecords(db, r.query),
  );
  app.get(catalogue.productsCsv.path, { ...read, schema: { querystring: productQuery, response: csvAnswer } }, async (r, reply) =>
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
  app.get(catalogue.product.path, { ...read, schema: { params: idParams, response: answers(catalogue.product, C.product) } }, async (r) =>
    found(await getProductRecord(db, r.params.id), 'Product'),
  );
  app.post(
    catalogue.createProduct.path,
    {
      ...write,
      schema: { ...inputs(catalogue.createProduct, { body: productInput }), response: answers(catalogue.createProduct, C.product, 201) },
    },
    async (r, reply) => reply.code(201).send(await saveProduct(db, actor(r), null, r.body, siteOrigin())),
  );
  app.put(
    catalogue.updateProduct.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.updateProduct, { body: productInput }),
        params: idParams,
        response: answers(catalogue.updateProduct, C.product),
      },
    },
    async (r) => saveProduct(db, actor(r), r.params.id, r.body, siteOrigin()),
  );
  app.get(
    catalogue.productAudit.path,
    {
      ...read,
      schema: {
        ...inputs(catalogue.productAudit, { querystring: trailQuery }),
        params: idParams,
        response: answers(catalogue.productAudit, C.auditTrail),
      },
    },
    async (r) => ({
      items: await productTrail(db, r.params.id, r.query.limit, r.query.before),
    }),
  );

  // ---- per-store prices
  app.get(
    catalogue.productPrices.path,
    { ...read, schema: { params: idParams, response: answers(catalogue.productPrices, C.storePrices) } },
    async (r) => {
      found(await getProductRecord(db, r.params.id), 'Product');
      return { items: await productPrices(db, r.params.id) };
    },
  );
  app.put(
    catalogue.setStorePrice.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.setStorePrice, { body: storePriceInput }),
        params: priceParams,
        response: answers(catalogue.setStorePrice, C.storePrice),
      },
    },
    async (r) => setStorePrice(db, actor(r), r.params.id, r.params.store_id, r.body),
  );
  app.delete(
    catalogue.removeStorePrice.path,
    { ...read, schema: { params: priceParams, response: answers(catalogue.removeStorePrice, C.deleted) } },
    async (r) => {
      await removeStorePrice(db, actor(r), r.params.id, r.params.store_id);
      return { deleted: true };
    },
  );
  app.get(
    catalogue.prices.path,
    {
      ...read,
      schema: { ...inputs(catalogue.prices, { querystring: priceQuery }), response: answers(catalogue.prices, C.storePricePage) },
    },
    async (r) => storePriceList(db, r.query),
  );
  app.get(catalogue.pricesCsv.path, { ...read, schema: { querystring: priceQuery, response: csvAnswer } }, async (r, reply) =>
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
    catalogue.rowAudit.path,
    {
      ...read,
      schema: {
        ...inputs(catalogue.rowAudit, { querystring: trailQuery }),
        params: trailParams,
        response: answers(catalogue.rowAudit, C.auditTrail),
      },
    },
    async (r) => ({
      items: await rowTrail(db, r.params.entity, r.params.id, r.query.limit, r.query.before),
    }),
  );
}
