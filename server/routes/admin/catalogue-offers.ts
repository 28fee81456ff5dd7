import type { FastifyInstance } from 'fastify';
import { type z } from 'zod';
import { recipeInput } from '../../../core/wire/catalogue-admin';
import { circularInput, couponInput, promotionInput } from '../../../core/wire/catalogue-offers';
import { CHAIN_TIME_ZONE, storeDay } from '../../../core/shop/store-day';
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
import { answers, idParams, inputs, withSchemas } from '../../validation';
import * as catalogue from '../../../core/api/catalogue';
import * as C from '../../../core/api/schemas/catalogue';
import { catalogueContext, listQuery, promotionQuery, statusQuery, EXPORT_PAGE, csvAnswer } from './catalogue-common';

// The back office's offers and content (docs/catalogue.md): promotions, coupons, circulars and recipes.

export async function catalogueOfferRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const { db, siteOrigin, read, write, actor, found, sendCsv } = catalogueContext(app);
  // ---- promotions
  const promotions = (q: z.output<typeof promotionQuery>, p = q.page, per = q.per_page) =>
    listPromotions(db, {
      q: q.q,
      product_id: q.product_id,
      current_on: q.current ? storeDay(new Date(), CHAIN_TIME_ZONE) : undefined,
      page: p,
      per_page: per,
    });
  app.get(
    catalogue.promotions.path,
    {
      ...read,
      schema: {
        ...inputs(catalogue.promotions, { querystring: promotionQuery }),
        response: answers(catalogue.promotions, C.promotionPage),
      },
    },
    async (r) => promotions(r.query),
  );
  app.get(catalogue.promotionsCsv.path, { ...read, schema: { querystring: promotionQuery, response: csvAnswer } }, async (r, reply) =>
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
  app.get(
    catalogue.promotion.path,
    { ...read, schema: { params: idParams, response: answers(catalogue.promotion, C.promotion) } },
    async (r) => found(await getPromotion(db, r.params.id), 'Promotion'),
  );
  app.post(
    catalogue.createPromotion.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.createPromotion, { body: promotionInput }),
        response: answers(catalogue.createPromotion, C.promotion, 201),
      },
    },
    async (r, reply) => reply.code(201).send(await savePromotion(db, actor(r), null, r.body)),
  );
  app.put(
    catalogue.updatePromotion.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.updatePromotion, { body: promotionInput }),
        params: idParams,
        response: answers(catalogue.updatePromotion, C.promotion),
      },
    },
    async (r) => savePromotion(db, actor(r), r.params.id, r.body),
  );
  app.delete(
    catalogue.deletePromotion.path,
    { ...read, schema: { params: idParams, response: answers(catalogue.deletePromotion, C.deleted) } },
    async (r) => {
      await deletePromotion(db, actor(r), r.params.id);
      return { deleted: true };
    },
  );

  // ---- coupons
  app.get(
    catalogue.coupons.path,
    { ...read, schema: { ...inputs(catalogue.coupons, { querystring: listQuery }), response: answers(catalogue.coupons, C.couponPage) } },
    async (r) => listCoupons(db, r.query),
  );
  app.get(catalogue.couponsCsv.path, { ...read, schema: { querystring: listQuery, response: csvAnswer } }, async (r, reply) =>
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
  app.get(catalogue.coupon.path, { ...read, schema: { params: idParams, response: answers(catalogue.coupon, C.coupon) } }, async (r) =>
    found(await getCoupon(db, r.params.id), 'Coupon'),
  );
  app.post(
    catalogue.createCoupon.path,
    {
      ...write,
      schema: { ...inputs(catalogue.createCoupon, { body: couponInput }), response: answers(catalogue.createCoupon, C.coupon, 201) },
    },
    async (r, reply) => reply.code(201).send(await saveCoupon(db, actor(r), null, r.body)),
  );
  app.put(
    catalogue.updateCoupon.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.updateCoupon, { body: couponInput }),
        params: idParams,
        response: answers(catalogue.updateCoupon, C.coupon),
      },
    },
    async (r) => saveCoupon(db, actor(r), r.params.id, r.body),
  );

  // ---- circulars
  app.get(
    catalogue.circulars.path,
    {
      ...read,
      schema: { ...inputs(catalogue.circulars, { querystring: statusQuery }), response: answers(catalogue.circulars, C.circularPage) },
    },
    async (r) => listCirculars(db, r.query),
  );
  app.get(catalogue.circularsCsv.path, { ...read, schema: { querystring: statusQuery, response: csvAnswer } }, async (r, reply) =>
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
  app.get(
    catalogue.circular.path,
    { ...read, schema: { params: idParams, response: answers(catalogue.circular, C.circular) } },
    async (r) => found(await getCircular(db, r.params.id), 'Circular'),
  );
  app.post(
    catalogue.createCircular.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.createCircular, { body: circularInput }),
        response: answers(catalogue.createCircular, C.circular, 201),
      },
    },
    async (r, reply) => reply.code(201).send(await saveCircular(db, actor(r), null, r.body, siteOrigin())),
  );
  app.put(
    catalogue.updateCircular.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.updateCircular, { body: circularInput }),
        params: idParams,
        response: answers(catalogue.updateCircular, C.circular),
      },
    },
    async (r) => saveCircular(db, actor(r), r.params.id, r.body, siteOrigin()),
  );

  // ---- recipes
  app.get(
    catalogue.recipes.path,
    { ...read, schema: { ...inputs(catalogue.recipes, { querystring: statusQuery }), response: answers(catalogue.recipes, C.recipePage) } },
    async (r) => listRecipes(db, r.query),
  );
  app.get(catalogue.recipesCsv.path, { ...read, schema: { querystring: statusQuery, response: csvAnswer } }, async (r, reply) =>
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
  app.get(catalogue.recipe.path, { ...read, schema: { params: idParams, response: answers(catalogue.recipe, C.recipe) } }, async (r) =>
    found(await getRecipe(db, r.params.id), 'Recipe'),
  );
  app.post(
    catalogue.createRecipe.path,
    {
      ...write,
      schema: { ...inputs(catalogue.createRecipe, { body: recipeInput }), response: answers(catalogue.createRecipe, C.recipe, 201) },
    },
    async (r, reply) => reply.code(201).send(await saveRecipe(db, actor(r), null, r.body, siteOrigin())),
  );
  app.put(
    catalogue.updateRecipe.path,
    {
      ...write,
      schema: {
        ...inputs(catalogue.updateRecipe, { body: recipeInput }),
        params: idParams,
        response: answers(catalogue.updateRecipe, C.recipe),
      },
    },
    async (r) => saveRecipe(db, actor(r), r.params.id, r.body, siteOrigin()),
  );
}
