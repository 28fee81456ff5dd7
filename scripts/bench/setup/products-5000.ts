import type { Db } from '../../../server/db/connection';
import { addScaleCatalogue } from '../../../server/testing/scale-catalogue';

// Bench data (never seeded): grocery products up to 5000 in all, from the scale benchmark's grocer vocabulary, so
// the search index has a realistic one; each on every seeded shopping store's shelf. Used by the product-search case.
export default async function addProducts(db: Db): Promise<void> {
  await addScaleCatalogue(db, { products: 5000, stores: 0 });
}
