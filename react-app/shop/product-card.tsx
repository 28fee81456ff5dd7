import { CartStepper } from './cart-stepper';
import { money } from './client';
import type { Product } from './types';

/** The charged price, the shelf price it replaces while on sale ("was"), and the unit price. */
export function ProductPrice({ product, className = 'product-card__price' }: { product: Product; className?: string }) {
  return (
    <p className={className}>
      {product.was_cents !== null ? <span className="price__badge">{product.member_price ? 'Member price' : 'Sale'}</span> : null}
      <strong className={product.was_cents !== null ? 'price--sale' : undefined}>{money(product.price_cents)}</strong>
      {product.was_cents !== null ? (
        <>
          {' '}
          <s className="price__was" aria-label={`was ${money(product.was_cents)}`}>
            {money(product.was_cents)}
          </s>
        </>
      ) : null}
      {product.unit_price ? <span className="price__unit"> {product.unit_price}</span> : null}
      {/* Loyalty members pay less (docs/pricing.md): said to everyone else. */}
      {!product.member_price && product.member_price_cents != null ? (
        <span className="price__member"> Members {money(product.member_price_cents)}</span>
      ) : null}
      {!product.available ? <span className="price__stock"> Out of stock</span> : null}
    </p>
  );
}

/** The product's picture: an uploaded image through its sizes (srcset) at its own aspect ratio, else the drawn tile. */
export function ProductImage({ product, width, alt, lazy }: { product: Product; width: number; alt: string; lazy?: boolean }) {
  const height = product.image_width && product.image_height ? Math.round((width * product.image_height) / product.image_width) : width;
  return (
    <img
      src={product.image}
      srcSet={product.image_srcset}
      sizes={product.image_srcset ? `${width}px` : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
    />
  );
}

/** A card's head: picture and name linking to the product's page, brand · size, the price and the SNAP badge. */
export function ProductCardHead({ product, href }: { product: Product; href: string }) {
  return (
    <>
      <a href={href} className="product-card__link">
        <ProductImage product={product} width={160} alt="" lazy />
        <h3 className="product-card__name">{product.name}</h3>
      </a>
      <p className="product-card__meta">
        {product.brand} · {product.size}
      </p>
      <ProductPrice product={product} />
      <SnapBadge attributes={product.attributes} />
    </>
  );
}

/**
 * The SNAP badge of every product card (the shop's lists, the grocery widgets, the weekly ad's page): shown when the
 * product's attributes hold 'snap', which follows its SNAP flag (docs/pricing.md). As on the product page: shoppers
 * paying with EBT pick from the list, not product by product.
 */
export function SnapBadge({ attributes }: { attributes: readonly string[] }) {
  return attributes.includes('snap') ? <p className="badge product-card__snap">SNAP eligible</p> : null;
}

export interface ProductActions {
  /** How many of each product the cart holds (by product id). */
  inCart: ReadonlyMap<number, number>;
  /** Sets the product's quantity in the cart (0 removes it); busy key `cart-{id}` while it runs. */
  onSetQuantity: (product: Product, quantity: number) => Promise<void>;
  /** Marks the product a favourite or not; resolves true when the server took it (false: the notice says why). */
  onFavorite: (product: Product, on: boolean) => Promise<boolean>;
  busy: ReadonlySet<string>;
  storeQuery: string;
  /** store_id and catalog of this page for API calls. */
  apiQuery: string;
}

/** A product in a list: image, name linking to its details, price, add to cart and the favorite toggle. */
export function ProductCard({ product, actions }: { product: Product; actions: ProductActions }) {
  const faving = actions.busy.has(`fav-${product.id}`);
  return (
    <li className="product-card" data-product-id={product.id}>
      <ProductCardHead product={product} href={`#!/product/${product.id}${actions.storeQuery}`} />
      <div className="product-card__actions">
        <ProductStepper product={product} actions={actions} />
        <FavoriteToggle
          product={product}
          disabled={faving}
          onToggle={async () => void (await actions.onFavorite(product, !product.is_favorite))}
        />
      </div>
    </li>
  );
}

/** The product's Add to cart, or its − qty + once in the cart. */
export function ProductStepper({ product, actions }: { product: Product; actions: ProductActions }) {
  return (
    <CartStepper
      product={product}
      quantity={actions.inCart.get(product.id) ?? 0}
      busy={actions.busy.has(`cart-${product.id}`)}
      onSet={(quantity) => actions.onSetQuantity(product, quantity)}
    />
  );
}

/** The heart that adds the product to (or takes it off) the shopper's favorites. */
export function FavoriteToggle({
  product,
  disabled,
  onToggle,
}: {
  product: Product;
  disabled?: boolean;
  onToggle: () => Promise<unknown>;
}) {
  return (
    <button
      type="button"
      className={`favorite-toggle${product.is_favorite ? ' is-favorite' : ''}`}
      aria-pressed={product.is_favorite}
      aria-label={`Favorite ${product.name}`}
      disabled={disabled}
      onClick={() => void onToggle()}
    >
      <span aria-hidden="true">{product.is_favorite ? '♥' : '♡'}</span>
    </button>
  );
}
