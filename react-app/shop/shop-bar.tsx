import { listHash } from './hash-route';
import type { Cart, ShopUser, StoreInfo } from './types';
import type { Loaded } from './use-load';

export function ShopBar({
  store,
  chosenStore,
  user,
  cart,
  cartLoad,
}: {
  store: Loaded<StoreInfo>;
  chosenStore: number | null;
  user: ShopUser | null;
  cart: Cart;
  cartLoad: Loaded<Cart>;
}) {
  return (
    <div className="shop-bar">
      <span className="shop-bar__store">
        {store.loading ? (
          'Loading store…'
        ) : store.data ? (
          <>
            Shopping at <strong>{store.data.name}</strong>
          </>
        ) : (
          <a href="#!/stores">Choose a store</a>
        )}
      </span>
      <a href={listHash({ storeId: chosenStore })}>All products</a>
      <a href={user ? '#!/?filter=is_favorite' : '#!/sign-in'}>Favorites</a>
      <a href={user ? '#!/account' : '#!/sign-in'}>{user ? 'My Account' : 'Sign in'}</a>
      <a href={`#!/cart${chosenStore ? `?store_id=${chosenStore}` : ''}`} className="shop-bar__cart">
        Cart <span className="cart-count">{cartLoad.loading && !cartLoad.data ? '' : cart.count}</span>
        <span className="visually-hidden"> items</span>
      </a>
    </div>
  );
}
