import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ProductPageLink } from '../../core/wire/product-page';

// "Often bought with" on a product page (docs/shop.md): the products that shared the most orders with it, then,
// while there are fewer than `limit`, its own department's products, so a product nobody has ordered yet still
// points somewhere useful. Only active products of the same catalogue (a wine page never suggests bananas).

export async function oftenBoughtWith(
  db: Kysely<Database>,
  product: { id: number; department_id: number; catalog: string },
  limit = 6,
): Promise<ProductPageLink[]> {
  const together = await db
    .selectFrom('order_lines as mine')
    .innerJoin('order_lines as other', (j) =>
      j.onRef('other.order_id', '=', 'mine.order_id').onRef('other.product_id', '<>', 'mine.product_id'),
    )
    .innerJoin('products', 'products.id', 'other.product_id')
    .select(['products.id', 'products.slug', 'products.name', 'products.size', sql<number>`count(distinct other.order_id)`.as('orders')])
    .where('mine.product_id', '=', product.id)
    .where('products.active', '=', 1)
    .where('products.catalog', '=', product.catalog)
    .groupBy(['products.id', 'products.slug', 'products.name', 'products.size'])
    .orderBy('orders', 'desc')
    .orderBy('products.id')
    .limit(limit)
    .execute();
  const picked = together.map(({ id, slug, name, size }) => ({ id, slug, name, size }));
  if (picked.length < limit) {
    const neighbours = await db
      .selectFrom('products')
      .select(['id', 'slug', 'name', 'size'])
      .where('department_id', '=', product.department_id)
      .where('catalog', '=', product.catalog)
      .where('active', '=', 1)
      .where('id', 'not in', [product.id, ...picked.map((p) => p.id)])
      .orderBy('name')
      .orderBy('id')
      .limit(limit - picked.length)
      .execute();
    picked.push(...neighbours);
  }
  return picked.map((p) => ({ ...p, image: `/media/products/${p.id}.svg` }));
}
