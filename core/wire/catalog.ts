// The catalogue as its tables keep it: departments, products and each store's shelf. The seed data builds these
// rows (fixtures/catalog.ts, fixtures/store-prices.ts) and the server's schema reads them (server/db/schema.ts);
// seed data may not import the server, nor the server seed data, so the one declaration of each row is here.

export interface DepartmentRow {
  id: number;
  parent_id: number | null;
  title: string;
  slug: string;
  position: number;
  catalog: string; // grocery | catering | wine
}

export interface ProductRow {
  id: number;
  department_id: number;
  name: string;
  slug: string;
  brand: string;
  size: string;
  price_cents: number;
  description: string;
  hue: number;
  catalog: string; // grocery | catering | wine
  /** JSON list of ProductAttribute keys. */
  attributes: string;
}

/** A product on one store's shelf: its price there, a sale of its own, and whether it is in stock (0/1). */
export interface StorePriceRow {
  store_id: number;
  product_id: number;
  price_cents: number;
  sale_price_cents: number | null;
  sale_start: string | null; // YYYY-MM-DD, store-local, inclusive
  sale_end: string | null;
  available: number;
}
