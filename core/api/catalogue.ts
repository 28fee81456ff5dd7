import type { DepartmentInput, MerchandiserInput, ProductInput, RecipeInput, StoreInput, StorePriceInput } from '../wire/catalogue-admin';
import type { CircularInput, CouponInput, PromotionInput } from '../wire/catalogue-offers';
import type { Catalog } from '../shop/catalog';
import type { ProductAttribute } from '../shop/product-attributes';
import { endpoint } from './endpoint';
import type * as S from './schemas/catalogue';
import type { csv } from './schemas/admin';

// The catalogue back office's routes (/api/admin/v1/catalogue/, server/routes/admin/catalogue*.ts): bodies are the
// input formats of core/wire/catalogue-admin.ts and catalogue-offers.ts, answers the schemas of
// schemas/catalogue.ts. The screens call these through api() (docs/api.md, "Typed endpoints").

/** The base path: the server's tests spell addresses under it; the browser calls the endpoints below. */
export const CATALOGUE_API = '/api/admin/v1/catalogue';
const B = CATALOGUE_API;

/** A list's search and page; filters by list. Flags are the URL's words. */
export interface ListQuery {
  q?: string;
  page?: number;
  per_page?: number;
}
type Flag = 'true' | 'false';
export type StoreQuery = ListQuery & { kind?: 'shopping' | 'catering' | 'wine' };
export type ProductQuery = ListQuery & { department_id?: number; catalog?: Catalog; active?: Flag; attribute?: ProductAttribute };
export type PriceQuery = ListQuery & { store_id: number };
export type PromotionQuery = ListQuery & { product_id?: number; current?: Flag };
export type StatusQuery = ListQuery & { status?: 'draft' | 'publish' };
export interface TrailQuery {
  before?: number;
  limit?: number;
}
/** The rows whose audit trail is read by `rowAudit` (stores and products have their own). */
export type TrailEntity = 'department' | 'promotion' | 'coupon' | 'circular' | 'recipe' | 'user';

/** Who holds the merchandiser role (administrators only): list, grant by email, take away. */
export const merchandisers = endpoint<typeof S.merchandisers>()('GET', `${B}/merchandisers`);
export const grantMerchandiser = endpoint<typeof S.merchandiser, { body: MerchandiserInput }>()('POST', `${B}/merchandisers`);
export const revokeMerchandiser = endpoint<typeof S.merchandiserRevoked>()('DELETE', `${B}/merchandisers/:id`);

export const stores = endpoint<typeof S.storePage, { query: StoreQuery }>()('GET', `${B}/stores`);
export const storesCsv = endpoint<typeof csv, { query: StoreQuery }>()('GET', `${B}/stores.csv`);
export const store = endpoint<typeof S.store>()('GET', `${B}/stores/:id`);
export const createStore = endpoint<typeof S.store, { body: StoreInput }>()('POST', `${B}/stores`);
export const updateStore = endpoint<typeof S.store, { body: StoreInput }>()('PUT', `${B}/stores/:id`);
export const storeAudit = endpoint<typeof S.auditTrail, { query: TrailQuery }>()('GET', `${B}/stores/:id/audit`);

export const departments = endpoint<typeof S.departments>()('GET', `${B}/departments`);
export const departmentsCsv = endpoint<typeof csv>()('GET', `${B}/departments.csv`);
export const createDepartment = endpoint<typeof S.department, { body: DepartmentInput }>()('POST', `${B}/departments`);
export const updateDepartment = endpoint<typeof S.department, { body: DepartmentInput }>()('PUT', `${B}/departments/:id`);

export const products = endpoint<typeof S.productPage, { query: ProductQuery }>()('GET', `${B}/products`);
export const productsCsv = endpoint<typeof csv, { query: ProductQuery }>()('GET', `${B}/products.csv`);
export const product = endpoint<typeof S.product>()('GET', `${B}/products/:id`);
export const createProduct = endpoint<typeof S.product, { body: ProductInput }>()('POST', `${B}/products`);
export const updateProduct = endpoint<typeof S.product, { body: ProductInput }>()('PUT', `${B}/products/:id`);
export const productAudit = endpoint<typeof S.auditTrail, { query: TrailQuery }>()('GET', `${B}/products/:id/audit`);

/** A product's price at each store, set or removed per store. */
export const productPrices = endpoint<typeof S.storePrices>()('GET', `${B}/products/:id/prices`);
export const setStorePrice = endpoint<typeof S.storePrice, { body: StorePriceInput }>()('PUT', `${B}/products/:id/prices/:store_id`);
export const removeStorePrice = endpoint<typeof S.deleted>()('DELETE', `${B}/products/:id/prices/:store_id`);
/** A store's shelf of prices. */
export const prices = endpoint<typeof S.storePricePage, { query: PriceQuery }>()('GET', `${B}/prices`);
export const pricesCsv = endpoint<typeof csv, { query: PriceQuery }>()('GET', `${B}/prices.csv`);

export const promotions = endpoint<typeof S.promotionPage, { query: PromotionQuery }>()('GET', `${B}/promotions`);
export const promotionsCsv = endpoint<typeof csv, { query: PromotionQuery }>()('GET', `${B}/promotions.csv`);
export const promotion = endpoint<typeof S.promotion>()('GET', `${B}/promotions/:id`);
export const createPromotion = endpoint<typeof S.promotion, { body: PromotionInput }>()('POST', `${B}/promotions`);
export const updatePromotion = endpoint<typeof S.promotion, { body: PromotionInput }>()('PUT', `${B}/promotions/:id`);
export const deletePromotion = endpoint<typeof S.deleted>()('DELETE', `${B}/promotions/:id`);

export const coupons = endpoint<typeof S.couponPage, { query: ListQuery }>()('GET', `${B}/coupons`);
export const couponsCsv = endpoint<typeof csv, { query: ListQuery }>()('GET', `${B}/coupons.csv`);
export const coupon = endpoint<typeof S.coupon>()('GET', `${B}/coupons/:id`);
export const createCoupon = endpoint<typeof S.coupon, { body: CouponInput }>()('POST', `${B}/coupons`);
export const updateCoupon = endpoint<typeof S.coupon, { body: CouponInput }>()('PUT', `${B}/coupons/:id`);

export const circulars = endpoint<typeof S.circularPage, { query: StatusQuery }>()('GET', `${B}/circulars`);
export const circularsCsv = endpoint<typeof csv, { query: StatusQuery }>()('GET', `${B}/circulars.csv`);
export const circular = endpoint<typeof S.circular>()('GET', `${B}/circulars/:id`);
export const createCircular = endpoint<typeof S.circular, { body: CircularInput }>()('POST', `${B}/circulars`);
export const updateCircular = endpoint<typeof S.circular, { body: CircularInput }>()('PUT', `${B}/circulars/:id`);

export const recipes = endpoint<typeof S.recipePage, { query: StatusQuery }>()('GET', `${B}/recipes`);
export const recipesCsv = endpoint<typeof csv, { query: StatusQuery }>()('GET', `${B}/recipes.csv`);
export const recipe = endpoint<typeof S.recipe>()('GET', `${B}/recipes/:id`);
export const createRecipe = endpoint<typeof S.recipe, { body: RecipeInput }>()('POST', `${B}/recipes`);
export const updateRecipe = endpoint<typeof S.recipe, { body: RecipeInput }>()('PUT', `${B}/recipes/:id`);

/** The audit trail of a department, promotion, coupon, circular, recipe or merchandiser grant. */
export const rowAudit = endpoint<typeof S.auditTrail, { query: TrailQuery }>()('GET', `${B}/audit/:entity/:id`);

/** An image upload (multipart, field `file`): the stored set to put in a product or recipe. */
export const uploadImage = endpoint<typeof S.image, { upload: 'form' }>()('POST', `${B}/images`);
