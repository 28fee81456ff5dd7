import type { Db } from '../../../server/db/connection';
import { addScaleCatalogue } from '../../../server/testing/scale-catalogue';

// Bench data for the back office's lists (scripts/bench/cases/catalogue-lists.ts), only on the server that case
// starts (BENCH_CATALOGUE=1): grocery products up to 40 000 in all, each with a UPC, and shopping stores up to 100,
// each carrying every grocery product (about 4 million shelf rows, the scale; BENCH_CATALOGUE_STORES lowers
// it), from the scale benchmark's generator. Runs before products-5000.ts, which then adds nothing.
export default async function addCatalogue(db: Db): Promise<void> {
  if (process.env.BENCH_CATALOGUE !== '1') return;
  await addScaleCatalogue(db, { products: 40_000, stores: Number(process.env.BENCH_CATALOGUE_STORES ?? 100) });
}
