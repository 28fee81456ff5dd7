import type { FastifyInstance } from 'fastify';
import { type z } from 'zod';
import { recipeInput } from '../../../core/wire/catalogue-admin';
import { circularInput, couponInput, promotionInput } from '../../../core/wire/catalogue-offers';
import { storeDay } from '../../../core/shop/store-day';
import { csvRows } from '../../services/catalogue/common';
import { getCircular, getRecipe, listCirculars, listRecipes, saveCircular, saveRecipe } from '../../services/catalogue/content-admin';
import {
  deletePromotion,
  getCoupon,
  getPromotion,
  listCoupons,
  listPromotions,
  saveCoupon,
  savePromotion,
} from '../../services/catalogue/offer-admin';
import { idParams, withSchemas } from '../../validation';
import {
  catalogueContext,
  B,
  listQuery,
  promotionQuery,
  statusQuery,
  EXPORT_PAGE,
  record,
  listOf,
  csvAnswer,
  deletedAnswer,
} from './catalogue-common';

// The back office's offers and content (docs/catalogue.md): promotions, coupons, circulars and recipes.

export async function catalogueOfferRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const { db, siteOrigin, read, write, actor, found, sendCsv } = catalogueContext(app);
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
}
