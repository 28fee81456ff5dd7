import type { ShopProps } from '../../core/wire/islands';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AccountHome, AccountLayout, Orders, Profile, SignOut } from '../shop/account';
import { ShoppingLists } from '../shop/shopping-lists';
import { CartView } from '../shop/cart-view';
import { CART_CHANGE_EVENT, cartChangeOf, dispatchCartChange, type CartLineChange } from '../../core/shop/header-cart/events';
import { errorMessage, shopApi, storeParams } from '../shop/client';
import { listHash, parseHashRoute, parseListQuery, type ShopRoute } from '../shop/hash-route';
import type { ProductActions } from '../shop/product-card';
import { ProductDetails } from '../shop/product-details';
import { ProductList, productsUrl } from '../shop/product-list';
import { SignInForm } from '../shop/sign-in';
import { ErrorMessage, Loading } from '../shop/status';
import type { Cart, Product, ShopUser, StoreInfo } from '../shop/types';
import { useLoad } from '../shop/use-load';

const EMPTY_CART: Cart = { id: null, store_id: null, store_name: null, lines: [], count: 0, total_cents: 0, estimate: null };

/** The header's account link follows sign-in and sign-out without a reload. */
function updateHeader(user: ShopUser | null): void {
  const link = document.querySelector<HTMLAnchorElement>('.account-link a');
  if (!link) return;
  link.href = user ? '/shop#!/account' : '/shop#!/sign-in';
  link.textContent = user ? `Hi, ${user.name.split(' ')[0]}` : 'Sign in';
}

const routeStore = (route: ShopRoute | null): number | null =>
  (route && (route.name === 'list' ? route.query.storeId : route.name === 'product' || route.name === 'cart' ? route.storeId : null)) ??
  null;

/** The shop module: store from the hash (#!/?store_id=) or the current store, products, cart, favorites, account. */
export type { ShopProps };

export default function Shop({
  currentStoreId,
  user: initialUser,
  store: initialStore,
  navigation: initialNav,
  products: initialProducts,
}: ShopProps) {
  const [route, setRoute] = useState<ShopRoute | null>(null);
  const [user, setUser] = useState<ShopUser | null>(initialUser);
  const [chosenStore, setChosenStore] = useState<number | null>(currentStoreId);
  const [cart, setCart] = useState<Cart>(EMPTY_CART);
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [justPlaced, setJustPlaced] = useState<number | null>(null);
  const view = useRef<HTMLDivElement>(null);
  const lastView = useRef<string | null>(null);

  useEffect(() => {
    const read = () => {
      const next = parseHashRoute(location.hash);
      // Keyboard and screen-reader users land on a new view (not on the link they followed); a new search or
      // sort of the same list keeps the focus where it is.
      const name = next.name === 'list' && next.query.favorites ? 'favorites-list' : next.name;
      if (lastView.current !== null && lastView.current !== name) requestAnimationFrame(() => view.current?.focus());
      lastView.current = name;
      setRoute(next);
      const hashStore = routeStore(next);
      if (hashStore) setChosenStore(hashStore);
    };
    read();
    const onStore = (e: Event) => setChosenStore((e as CustomEvent<{ storeId: number }>).detail.storeId);
    window.addEventListener('hashchange', read);
    window.addEventListener('store:change', onStore);
    return () => {
      window.removeEventListener('hashchange', read);
      window.removeEventListener('store:change', onStore);
    };
  }, []);

  const apiQuery = storeParams(chosenStore);
  const cartLoad = useLoad<Cart>(`cart-${user?.id ?? 'anon'}-${apiQuery}`, () => shopApi(`/api/shop/v1/cart?${apiQuery}`));
  useEffect(() => {
    // The cart is local state: seeded by the load, then replaced by each mutation's answer.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (cartLoad.data) setCart(cartLoad.data);
  }, [cartLoad.data]);
  // The header cart follows every change of the cart; a shopper's own change names its line (the header cart may
  // not have loaded the cart before it yet).
  const changedLine = useRef<CartLineChange | undefined>(undefined);
  useEffect(() => {
    if (cart !== EMPTY_CART) dispatchCartChange(cart, changedLine.current);
    changedLine.current = undefined;
  }, [cart]);
  // And the shop follows changes made elsewhere on the page (buy it again, circular and recipe islands).
  useEffect(() => {
    const follow = (e: Event) => setCart(cartChangeOf(e).cart);
    window.addEventListener(CART_CHANGE_EVENT, follow);
    return () => window.removeEventListener(CART_CHANGE_EVENT, follow);
  }, []);
  const store = useLoad<StoreInfo>(
    chosenStore ? `store-${chosenStore}` : null,
    () => shopApi(`/api/shop/v1/stores/${chosenStore}`),
    initialStore ? { key: `store-${initialStore.id}`, data: initialStore } : null,
  );

  const withBusy = useCallback(async (key: string, fn: () => Promise<void>) => {
    setBusy((b) => new Set(b).add(key));
    try {
      await fn();
    } catch (e) {
      setNotice({ text: errorMessage(e), error: true });
    } finally {
      setBusy((b) => {
        const n = new Set(b);
        n.delete(key);
        return n;
      });
    }
  }, []);

  const storeQuery = chosenStore ? `?store_id=${chosenStore}` : '';

  const actions: ProductActions = {
    busy,
    storeQuery,
    apiQuery,
    inCart: new Map(cart.lines.map((l) => [l.product_id, l.quantity])),
    // Each change is announced by the header cart's live region (it follows the cart:change event).
    onSetQuantity: (p: Product, quantity: number) =>
      withBusy(`cart-${p.id}`, async () => {
        const was = cart.lines.find((l) => l.product_id === p.id)?.quantity ?? 0;
        const adding = was === 0;
        const next = await shopApi<Cart>(adding ? `/api/shop/v1/cart/items?${apiQuery}` : `/api/shop/v1/cart/items/${p.id}?${apiQuery}`, {
          method: adding ? 'POST' : quantity === 0 ? 'DELETE' : 'PUT',
          body: adding ? { items: [{ product_id: p.id, quantity }] } : quantity === 0 ? undefined : { quantity },
        });
        changedLine.current = { product_id: p.id, name: p.name, was };
        setCart(next);
      }),
    onFavorite: async (p: Product, on: boolean) => {
      // Signed out, nothing is saved: the heart stays unpressed and the notice offers sign-in.
      if (!user) {
        setNotice({ text: 'Sign in to keep favorites.', error: true });
        return false;
      }
      let saved = false;
      await withBusy(`fav-${p.id}`, async () => {
        await shopApi(`/api/shop/v1/favorites/${p.id}`, { method: on ? 'PUT' : 'DELETE' });
        saved = true;
        setNotice({ text: on ? `${p.name} is in your favorites.` : `${p.name} is no longer a favorite.`, error: false });
      });
      return saved;
    },
  };
  const guardedActions: ProductActions = { ...actions, onFavorite: (p, on) => actions.onFavorite(p, on).catch(() => false) };

  const signedIn = (u: ShopUser) => {
    setUser(u);
    updateHeader(u);
    setNotice({ text: `Welcome, ${u.name.split(' ')[0]}! Your cart is kept.`, error: false });
    location.hash = '#!/account';
  };
  const signedOut = () => {
    setUser(null);
    updateHeader(null);
    setCart(EMPTY_CART);
  };

  function body() {
    if (!route) return <Loading label="Loading the shop…" />;
    const needStore = route.name === 'list' || route.name === 'product';
    if (needStore && !chosenStore)
      return (
        <p className="notice">
          Choose a store to see its departments and products: <a href="/store/store-locator">find a store</a>.
        </p>
      );
    const signInFirst = (intro: string) => <SignInForm mode="sign-in" intro={intro} onSignedIn={signedIn} />;
    switch (route.name) {
      case 'list':
        if (route.query.favorites && !user) return signInFirst('Sign in to see your favorites.');
        return (
          <ProductList
            storeId={chosenStore!}
            query={route.query}
            navigation={initialNav && currentStoreId ? { key: `nav-${currentStoreId}`, data: initialNav } : null}
            // The default view's first page, as the server loaded it: used only when the view asks that very URL.
            initial={
              initialProducts && currentStoreId ? { key: productsUrl(parseListQuery(''), currentStoreId), data: initialProducts } : null
            }
            actions={guardedActions}
            title={route.query.favorites ? 'My Favorites' : route.query.q ? 'Search results' : 'Products'}
          />
        );
      case 'product':
        return <ProductDetails id={route.id} actions={guardedActions} backHref={listHash({ storeId: chosenStore })} />;
      case 'cart':
        return (
          <CartView
            cart={cart}
            user={user}
            store={store.data}
            apiQuery={apiQuery}
            onCart={setCart}
            onOrdered={(o) => {
              setJustPlaced(o.id);
              location.hash = '#!/orders';
            }}
          />
        );
      case 'sign-in':
      case 'sign-up':
        return user ? (
          <p>
            You are signed in as {user.name}. <a href="#!/account">Go to your account</a>.
          </p>
        ) : (
          <SignInForm mode={route.name} onSignedIn={signedIn} />
        );
      case 'sign-out':
        return (
          <AccountLayout route="sign-out">
            {user ? (
              <SignOut onSignedOut={signedOut} />
            ) : (
              <p role="status">
                You are signed out. <a href="#!/sign-in">Sign in</a>
              </p>
            )}
          </AccountLayout>
        );
      case 'not-found':
        return (
          <p className="notice">
            That page of the shop does not exist. <a href="#!/">Back to the shop</a>.
          </p>
        );
      default: {
        const r = route.name;
        if (!user) return signInFirst('Sign in to see your account.');
        return (
          <AccountLayout route={r}>
            {r === 'account' ? <AccountHome user={user} /> : null}
            {r === 'profile' ? (
              <Profile
                user={user}
                onUser={(u) => {
                  setUser(u);
                  updateHeader(u);
                }}
              />
            ) : null}
            {r === 'orders' ? <Orders justPlaced={justPlaced} /> : null}
            {r === 'lists' ? <ShoppingLists apiQuery={apiQuery} /> : null}
            {r === 'favorites' && chosenStore ? (
              <ProductList
                storeId={chosenStore}
                query={{ storeId: chosenStore, department: null, q: '', sort: 'name', page: 1, favorites: true }}
                actions={guardedActions}
                title="Favorites"
              />
            ) : null}
            {r === 'favorites' && !chosenStore ? (
              <p>
                <a href="/store/store-locator">Choose a store</a> to see your favorites.
              </p>
            ) : null}
          </AccountLayout>
        );
      }
    }
  }

  return (
    <div className="shop-module">
      <div className="shop-bar">
        <span className="shop-bar__store">
          {store.loading ? (
            'Loading store…'
          ) : store.data ? (
            <>
              Shopping at <strong>{store.data.name}</strong>
            </>
          ) : (
            <a href="/store/store-locator">Choose a store</a>
          )}
        </span>
        <a href={listHash({ storeId: chosenStore })}>All products</a>
        <a href={user ? '#!/?filter=is_favorite' : '#!/sign-in'}>Favorites</a>
        <a href={user ? '#!/account' : '#!/sign-in'}>{user ? 'My Account' : 'Sign in'}</a>
        <a href={`#!/cart${storeQuery}`} className="shop-bar__cart">
          Cart <span className="cart-count">{cartLoad.loading && !cartLoad.data ? '…' : cart.count}</span>
          <span className="visually-hidden"> items</span>
        </a>
      </div>
      <ErrorMessage message={cartLoad.error} onRetry={cartLoad.reload} />
      <ErrorMessage message={store.error} onRetry={store.reload} />
      <div className="shop-notice" role="status" aria-live="polite">
        {notice ? (
          <p className={notice.error ? 'form-error' : 'notice'}>
            {notice.text}
            {notice.error && !user ? (
              <>
                {' '}
                <a href="#!/sign-in">Sign in</a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="shop-view" ref={view} tabIndex={-1}>
        {body()}
      </div>
    </div>
  );
}
