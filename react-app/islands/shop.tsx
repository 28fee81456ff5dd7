import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { setCartQuantity } from '../../core/shop/cart-quantity';
import type { ShopProps } from '../../core/wire/islands';
import { useEffect, useLayoutEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { AccountHome, AccountLayout, Orders, Profile, SignOut, type PlacedOrder } from '../shop/account';
import { ShoppingLists } from '../shop/shopping-lists';
import { CartView } from '../shop/cart-view';
import { Coupons } from '../shop/coupons';
import type { CartLineChange } from '../../core/shop/header-cart/events';
import { storeParams } from '../shop/client';
import { CHANGED_STORE_ATTRIBUTE, STORE_CHANGE_EVENT, storeChangeOf } from '../../core/store-layer/store-change';
import { toStoreInfo } from '../../core/wire/store';
import { listHash, parseHashRoute, parseListQuery, type AccountRoute, type ShopRoute } from '../shop/hash-route';
import type { ProductActions } from '../shop/product-card';
import { ProductDetails } from '../shop/product-details';
import { ProductList, productsUrl } from '../shop/product-list';
import { SignInForm } from '../shop/sign-in';
import { StoreChooser } from '../shop/store-chooser';
import { PickupView } from '../shop/pickup-view';
import { ErrorMessage, Loading } from '../shop/status';
import { ShopBar } from '../shop/shop-bar';
import type { Cart, Product, ShopUser, StoreInfo } from '../shop/types';
import { useLoad } from '../shop/use-load';
import { EMPTY_CART, useShopCart } from '../shop/use-shop-cart';
import { useTasks } from '../hooks/use-tasks';
import { clearShopRouteMark } from '../../core/shop/route-mark';

/** The header's account link follows sign-in and sign-out without a reload. */
function updateHeader(user: ShopUser | null): void {
  const link = document.querySelector<HTMLAnchorElement>('.account-link a');
  if (!link) return;
  link.href = user ? '/shop#!/account' : '/shop#!/sign-in';
  link.textContent = user ? `Hi, ${user.name.split(' ')[0]}` : 'Sign in';
}

const routeStore = (route: ShopRoute | null): number | null =>
  (route &&
    (route.name === 'list'
      ? route.query.storeId
      : route.name === 'product' || route.name === 'cart' || route.name === 'pickup'
        ? route.storeId
        : null)) ??
  null;

interface Notice {
  text: string;
  error: boolean;
}

/** The hash route and the store it names (else the current store, following `store:change`); focus moves to a new view. */
function useShopRoute(currentStoreId: number | null): {
  route: ShopRoute | null;
  /** The route is the address's (read once hydrated), not the server's default view. */
  fromAddress: boolean;
  chosenStore: number | null;
  /** The store a store change announced whole (the store picker's PUT answer): not asked for again. */
  announced: RefObject<StoreInfo | null>;
  view: RefObject<HTMLDivElement | null>;
} {
  // The default view, as the server rendered it (it never sees the fragment); the address's own is read once hydrated.
  const [route, setRoute] = useState<ShopRoute | null>(() => parseHashRoute(''));
  const [fromAddress, setFromAddress] = useState(false);
  const [chosenStore, setChosenStore] = useState<number | null>(currentStoreId);
  const announced = useRef<StoreInfo | null>(null);
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
      setFromAddress(true);
      const hashStore = routeStore(next);
      if (hashStore) setChosenStore(hashStore);
    };
    // A store announced before this island hydrated (its change is what started the hydration).
    const adoptAnnounced = () => {
      const changed = Number(document.documentElement.getAttribute(CHANGED_STORE_ATTRIBUTE));
      if (Number.isInteger(changed) && changed > 0) setChosenStore(changed);
    };
    read();
    adoptAnnounced();
    const onStore = (e: Event) => {
      const change = storeChangeOf(e);
      if (!change) return;
      announced.current = change.store ? toStoreInfo(change.store) : null;
      setChosenStore(change.storeId);
    };
    window.addEventListener('hashchange', read);
    window.addEventListener(STORE_CHANGE_EVENT, onStore);
    return () => {
      window.removeEventListener('hashchange', read);
      window.removeEventListener(STORE_CHANGE_EVENT, onStore);
    };
  }, []);
  return { route, fromAddress, chosenStore, announced, view };
}

/** What a product card can do: set its quantity in the cart, mark it a favourite (busy while each runs). */
function useProductActions(
  user: ShopUser | null,
  cart: Cart,
  changed: (next: Cart, line: CartLineChange) => void,
  chosenStore: number | null,
  setNotice: (notice: Notice) => void,
): ProductActions {
  const tasks = useTasks<string>();
  const apiQuery = storeParams(chosenStore);
  const failed = (text: string) => setNotice({ text, error: true });
  const actions: ProductActions = {
    busy: tasks.running,
    storeQuery: chosenStore ? `?store_id=${chosenStore}` : '',
    apiQuery,
    inCart: new Map(cart.lines.map((l) => [l.product_id, l.quantity])),
    // Each change is announced by the header cart's live region (it follows the cart:change event).
    onSetQuantity: async (p: Product, quantity: number) => {
      await tasks.run(
        `cart-${p.id}`,
        async () => {
          const was = cart.lines.find((l) => l.product_id === p.id)?.quantity ?? 0;
          const next = await setCartQuantity(p.id, quantity, was > 0, apiQuery);
          changed(next, { product_id: p.id, name: p.name, was });
        },
        failed,
      );
    },
    onFavorite: async (p: Product, on: boolean) => {
      // Signed out, nothing is saved: the heart stays unpressed and the notice offers sign-in.
      if (!user) {
        failed('Sign in to keep favorites.');
        return false;
      }
      return tasks.run(
        `fav-${p.id}`,
        async () => {
          await api(on ? shop.addFavorite : shop.removeFavorite, { params: { product_id: p.id } });
          setNotice({ text: on ? `${p.name} is in your favorites.` : `${p.name} is no longer a favorite.`, error: false });
        },
        failed,
      );
    },
  };
  return actions;
}

function ShopNotice({ notice, user }: { notice: Notice | null; user: ShopUser | null }) {
  return (
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
  );
}

interface ViewProps {
  route: ShopRoute | null;
  user: ShopUser | null;
  chosenStore: number | null;
  shop: ShopProps;
  actions: ProductActions;
  cart: Cart;
  store: StoreInfo | null;
  apiQuery: string;
  onCart: Dispatch<SetStateAction<Cart>>;
  justPlaced: PlacedOrder | null;
  onOrdered: (placed: PlacedOrder) => void;
  onSignedIn: (user: ShopUser) => void;
  onSignedOut: () => void;
  onUser: (user: ShopUser) => void;
  /** A store was chosen in the shop's chooser (its cart at that store, when there is one). */
  onStoreChosen: (storeId: number, cart: Cart | null) => void;
}

/** The account pages under their sub-navigation (signed in only). */
function AccountView({
  route: r,
  user,
  chosenStore,
  actions,
  apiQuery,
  justPlaced,
  onUser,
}: Omit<ViewProps, 'route' | 'user'> & { route: AccountRoute; user: ShopUser }) {
  return (
    <AccountLayout route={r}>
      {r === 'account' ? <AccountHome user={user} /> : null}
      {r === 'profile' ? <Profile user={user} onUser={onUser} /> : null}
      {r === 'orders' ? <Orders justPlaced={justPlaced} /> : null}
      {r === 'lists' ? <ShoppingLists apiQuery={apiQuery} /> : null}
      {r === 'coupons' ? <Coupons /> : null}
      {r === 'favorites' && chosenStore ? (
        <ProductList
          storeId={chosenStore}
          query={{ storeId: chosenStore, department: null, q: '', sort: 'name', page: 1, favorites: true, attributes: [] }}
          actions={actions}
          title="Favorites"
        />
      ) : null}
      {r === 'favorites' && !chosenStore ? (
        <p>
          <a href="#!/stores">Choose a store</a> to see your favorites.
        </p>
      ) : null}
    </AccountLayout>
  );
}

/** The view the hash route names. */
function ShopView(props: ViewProps) {
  const { route, user, chosenStore, shop, actions, cart, store, apiQuery, onCart, onOrdered, onSignedIn, onSignedOut } = props;
  if (!route) return <Loading label="Loading the shop…" />;
  const needStore = route.name === 'list' || route.name === 'product' || route.name === 'pickup';
  // No store yet, or "Change store": the chooser (by ZIP code or city), never a dead end.
  if ((needStore && !chosenStore) || route.name === 'stores')
    return (
      <StoreChooser
        currentStoreId={chosenStore}
        currentName={store?.name ?? null}
        initialStores={shop.stores ?? null}
        cart={cart}
        onChosen={(chosen, next) => props.onStoreChosen(chosen.id, next)}
      />
    );
  const signInFirst = (intro: string) => <SignInForm mode="sign-in" intro={intro} onSignedIn={onSignedIn} />;
  const { currentStoreId, navigation, products } = shop;
  switch (route.name) {
    case 'list':
      if (route.query.favorites && !user) return signInFirst('Sign in to see your favorites.');
      return (
        <ProductList
          storeId={chosenStore!}
          query={route.query}
          navigation={navigation && currentStoreId ? { key: `nav-${currentStoreId}`, data: navigation } : null}
          // The default view's first page, as the server loaded it: used only when the view asks that very URL.
          initial={products && currentStoreId ? { key: productsUrl(parseListQuery(''), currentStoreId), data: products } : null}
          actions={actions}
          title={route.query.favorites ? 'My Favorites' : route.query.q ? 'Search results' : 'Products'}
        />
      );
    case 'product':
      return <ProductDetails id={route.id} actions={actions} backHref={listHash({ storeId: chosenStore })} />;
    case 'pickup':
      return <PickupView storeId={chosenStore!} storeName={store?.name ?? null} />;
    case 'cart':
      return (
        <CartView
          cart={cart}
          user={user}
          store={store}
          apiQuery={apiQuery}
          onCart={onCart}
          onOrdered={(o) => onOrdered({ id: o.id, notices: o.notices ?? [] })}
        />
      );
    case 'sign-in':
    case 'sign-up':
      return user ? (
        <p>
          You are signed in as {user.name}. <a href="#!/account">Go to your account</a>.
        </p>
      ) : (
        <SignInForm mode={route.name} onSignedIn={onSignedIn} />
      );
    case 'sign-out':
      return (
        <AccountLayout route="sign-out">
          {user ? (
            <SignOut onSignedOut={onSignedOut} />
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
    default:
      if (!user) return signInFirst('Sign in to see your account.');
      return <AccountView {...props} route={route.name} user={user} />;
  }
}

/** The shop module: store from the hash (#!/?store_id=) or the current store, products, cart, favorites, account. */
export type { ShopProps };

export default function Shop(props: ShopProps) {
  const { route, fromAddress, chosenStore, announced, view } = useShopRoute(props.currentStoreId);
  // The address's view is rendered: before it is painted, a deep link's skeleton gives it its place back.
  useLayoutEffect(() => void (fromAddress && clearShopRouteMark()), [fromAddress]);
  const [user, setUser] = useState<ShopUser | null>(props.user);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [justPlaced, setJustPlaced] = useState<PlacedOrder | null>(null);
  const apiQuery = storeParams(chosenStore);
  const { cart, setCart, cartLoad, changed } = useShopCart(user, apiQuery);
  const initialStore = props.store;
  const store = useLoad<StoreInfo>(
    chosenStore ? `store-${chosenStore}` : null,
    () => (announced.current?.id === chosenStore ? Promise.resolve(announced.current) : api(shop.store, { params: { id: chosenStore! } })),
    initialStore ? { key: `store-${initialStore.id}`, data: initialStore } : null,
  );
  const actions = useProductActions(user, cart, changed, chosenStore, setNotice);
  const onUser = (u: ShopUser | null) => {
    setUser(u);
    updateHeader(u);
  };
  const content = (
    <ShopView
      route={route}
      user={user}
      chosenStore={chosenStore}
      shop={props}
      actions={actions}
      cart={cart}
      store={store.data}
      apiQuery={apiQuery}
      onCart={setCart}
      justPlaced={justPlaced}
      onOrdered={(placed) => {
        setJustPlaced(placed);
        location.hash = '#!/orders';
      }}
      onSignedIn={(u) => {
        onUser(u);
        setNotice({ text: `Welcome, ${u.name.split(' ')[0]}! Your cart is kept.`, error: false });
        location.hash = '#!/account';
      }}
      onSignedOut={() => {
        onUser(null);
        setCart(EMPTY_CART);
      }}
      onUser={onUser}
      onStoreChosen={(storeId, next) => {
        if (next) setCart(next);
        location.hash = listHash({ storeId });
      }}
    />
  );
  return (
    <div className="shop-module">
      <ShopBar store={store} chosenStore={chosenStore} user={user} cart={cart} cartLoad={cartLoad} />
      <ErrorMessage message={cartLoad.error} onRetry={cartLoad.reload} />
      <ErrorMessage message={store.error} onRetry={store.reload} />
      <ShopNotice notice={notice} user={user} />
      <div className="shop-view" ref={view} tabIndex={-1}>
        {content}
      </div>
    </div>
  );
}
