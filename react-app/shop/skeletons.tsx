// Loading skeletons: grey shapes in the boxes of the content they stand for (a product card, the product page,
// the department list), so the view keeps its size while a department, a search or a product loads, and
// nothing moves when the answer arrives. The status text says it to screen readers; the shapes are hidden.

const cards = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A grey line in the box of the card line it stands for (the box keeps that line's height). */
const LineBox = ({ box, line }: { box: 'name' | 'meta' | 'price' | 'badge'; line: string }) => (
  <span className={`skeleton-box skeleton-box--${box}`}>
    <span className={line} />
  </span>
);

/** In place of the product grid (and its count line) while products load: `count` cards. */
export function ProductGridSkeleton({ count, label = 'Loading products…' }: { count: number; label?: string }) {
  return (
    <div className="shop-skeleton" data-skeleton="products">
      <p className="shop-count" role="status">
        <span className="visually-hidden">{label}</span>
        <span className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
      </p>
      <ul className="product-grid" aria-hidden="true">
        {cards(count).map((i) => (
          <li key={i} className="product-card product-card--skeleton">
            <span className="skeleton skeleton--image" />
            {/* Boxes of the card's name, brand · size, price with unit price lines, and the SNAP badge most food has. */}
            <LineBox box="name" line="skeleton skeleton--line" />
            <LineBox box="meta" line="skeleton skeleton--line skeleton--short" />
            <LineBox box="price" line="skeleton skeleton--line skeleton--price" />
            <LineBox box="badge" line="skeleton skeleton--line skeleton--short" />
            <span className="product-card__actions">
              <span className="skeleton skeleton--button" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** In place of the product page's body while it loads. */
export function ProductDetailsSkeleton() {
  return (
    <div className="product-details__body product-details__body--skeleton" data-skeleton="product">
      <span className="visually-hidden" role="status">
        Loading product…
      </span>
      <span className="skeleton skeleton--image" aria-hidden="true" />
      <div aria-hidden="true">
        <span className="skeleton skeleton--heading" />
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--line skeleton--price" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--button" />
      </div>
    </div>
  );
}

/** In place of the department list while the store's navigation loads. */
export function DepartmentsSkeleton() {
  return (
    <ul className="shop-departments__skeleton" aria-hidden="true">
      {cards(8).map((i) => (
        <li key={i}>
          <span className="skeleton skeleton--line" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The skeletons of the views a deep link names, for the moment before the island is there to show them
 * (core/shop/route-mark.ts): rendered by the server in templates after the island, one per kind of
 * view; the early script puts the one the address names in place of the island's view, in the same box.
 */
export function ShopRouteSkeletons({ className }: { className: string }) {
  return (
    <>
      <template data-shop-route="list">
        <div className={`shop-module ${className}`}>
          <div className="shop-layout">
            <nav className="shop-departments" aria-hidden="true">
              <span className="skeleton skeleton--heading" />
              <DepartmentsSkeleton />
            </nav>
            <section className="shop-products">
              <span className="skeleton skeleton--heading" aria-hidden="true" />
              <ProductGridSkeleton count={8} />
            </section>
          </div>
        </div>
      </template>
      <template data-shop-route="product">
        <div className={`shop-module ${className}`}>
          <section className="product-details">
            <span className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
            <ProductDetailsSkeleton />
          </section>
        </div>
      </template>
      <template data-shop-route="other">
        <div className={`shop-module ${className}`} data-skeleton="view">
          <span className="visually-hidden" role="status">
            Loading…
          </span>
          <div aria-hidden="true">
            <span className="skeleton skeleton--heading" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      </template>
      {/* Parsed after the last template: the early script knows that one is whole. */}
      <template />
    </>
  );
}
