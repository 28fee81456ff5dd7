import { z } from 'zod';
import type {
  AuditRecord,
  DepartmentRecord,
  MerchandiserRecord,
  ProductRecord,
  RecipeRecord,
  StorePriceRecord,
  StoreRecord,
} from '../../wire/catalogue-admin';
import type { CircularRecord, CouponRecord, PromotionRecord } from '../../wire/catalogue-offers';
import { bool, exactly, int, itemsOf, str } from './common';

// The catalogue back office's answers (core/api/catalogue.ts, docs/api.md "Typed endpoints"). A stored row is
// checked on the fields the screens key on and passes its other columns as stored (its record type in
// core/wire/catalogue-admin.ts and catalogue-offers.ts is what the browser reads).

export const merchandiser = z.object({ id: int, name: str, email: str });
exactly<z.output<typeof merchandiser>, MerchandiserRecord>(true);
export const merchandisers = itemsOf(merchandiser);
export const merchandiserRevoked = z.object({ deleted: bool });

/** A stored row, typed by its wire record: the shape's fields are checked, the other columns pass as stored. */
const row = <T>(shape: z.ZodRawShape) => z.looseObject(shape) as unknown as z.ZodType<T>;
/** One page of a list (ListPage). */
const pageOf = <T>(item: z.ZodType<T>) => z.object({ items: z.array(item), total: int, page: int, per_page: int, pages: int });

export const store = row<StoreRecord>({
  id: int,
  name: str,
  slug: str,
  time_zone: str,
  hours: z.record(z.string(), z.unknown()),
  holidays: z.array(z.unknown()),
});
export const storePage = pageOf(store);
export const department = row<DepartmentRecord>({ id: int, title: str, slug: str });
export const departments = itemsOf(department);
export const product = row<ProductRecord>({
  id: int,
  name: str,
  slug: str,
  upc: z.string().nullable(),
  price_cents: int,
  images: z.array(z.unknown()),
});
export const productPage = pageOf(product);
export const storePrice = row<StorePriceRecord>({
  store_id: int,
  product_id: int,
  price_cents: int,
  member_price_cents: z.number().nullable(),
  available: bool,
});
export const storePrices = itemsOf(storePrice);
export const storePricePage = pageOf(storePrice);
export const promotion = row<PromotionRecord>({ id: int, product_id: int, title: str });
export const promotionPage = pageOf(promotion);
export const coupon = row<CouponRecord>({ id: int });
export const couponPage = pageOf(coupon);
export const circular = row<CircularRecord>({ id: int, items: z.array(z.unknown()) });
export const circularPage = pageOf(circular);
export const recipe = row<RecipeRecord>({ id: int, title: str, slug: str });
export const recipePage = pageOf(recipe);
export const deleted = z.object({ deleted: bool });

export const auditEntry = z.object({
  id: int,
  user_name: str,
  entity: str,
  entity_id: str,
  action: str,
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.number(),
});
exactly<z.output<typeof auditEntry>, AuditRecord>(true);
export const auditTrail = itemsOf(auditEntry);

export const image = z.object({
  image: z.object({ key: str, alt: str, width: z.number(), height: z.number() }),
  srcset: str,
  src: str,
});
