import type { Catalog } from '../shop/catalog';
import type { Product } from '../shop/api-types';

// The product page (/products/{slug}, docs/seo.md): what its island is rendered and hydrated with.

export interface ProductPageImage {
  src: string;
  /** The stored sizes of an uploaded image (docs/catalogue.md); the drawn art has none. */
  srcset?: string;
  alt: string;
  width: number;
  height: number;
}

/** A product another links to ("Often bought with"): its page, name, size and drawn picture. */
export interface ProductPageLink {
  id: number;
  slug: string;
  name: string;
  size: string;
  image: string;
}

export interface ProductPageProps {
  product: {
    id: number;
    name: string;
    slug: string;
    brand: string;
    size: string;
    description: string;
    ingredients: string;
    allergens: string[];
    /** Nutrition facts as label → value, in the order stored; null when unknown. */
    nutrition: Array<[string, string]> | null;
    snap: boolean;
    images: ProductPageImage[];
  };
  /** The visitor's store and its price today (a running sale with its last day); null without a chosen store. */
  /** catalog: the catalogue the store sells the product in (Add puts it in that cart, docs/shop.md). */
  offer: { storeId: number; storeName: string; price: Product; catalog?: Catalog } | null;
  /** Without a chosen store (a crawler): the lowest and highest price across the stores that carry it. */
  range: { low_cents: number; high_cents: number; stores: number } | null;
  /** Products often bought with it, falling back to its department's (server/services/often-bought-with.ts). */
  also: ProductPageLink[];
}
