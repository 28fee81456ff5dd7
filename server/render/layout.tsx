import { HeaderCart } from '../../react-app/shop/header-cart-markup';
import type { CSSProperties, ReactNode } from 'react';
import { departmentsHtml, panelClass, type MenuMode } from '../../core/header/menu-markup';
import { rewriteStoreLink } from '../../core/store-layer/link-rewrite';
import type { Navigation, NavNode } from '../services/navigation';
import type { User } from '../services/users';
import type { Store } from '../services/stores';
import { hasVisibleHtml } from '../../core/store-layer/content-slot';
import { bannerId, isBannerDismissed } from '../../core/header/site-banner-rules';
import { firstName } from './personal-parts';
import { can } from '../services/capabilities';
import { STAFF_ORDERS_PATH } from '../../core/shop/staff-orders';

export interface LayoutProps {
  title: string;
  siteName: string;
  user: User | null;
  store: Store | null;
  children: ReactNode;
  currentPath: string;
  navigation?: Navigation;
  menuMode?: MenuMode;
  /** The site banner's html for this visitor (shown when it has visible content); undefined: left to the runtime. */
  banner?: string;
  /** The visitor's dismissed site banners (the siteBannerDismissed cookie): a dismissed banner is rendered hidden. */
  bannerDismissed?: string;
  /** When the site banner's blocks next start or end (ms): the runtime asks for the banner again then. */
  bannerNext?: number | null;
  /** The app banner's store link when the request calls for it (mobile platform with a link, no snackbarClosed). */
  appBannerLink?: string | null;
  primaryColor?: string;
  /** A note about something the server did for this request (e.g. switching the store back). */
  notice?: string;
  /** The page builder's address of this page, for a signed-in editor (never for anyone else). */
  editUrl?: string;
  /** A header template (server/render/theme.ts) in place of the site's header, which its part widget shows. */
  renderHeader?: (siteHeader: ReactNode) => ReactNode;
  /** A footer template in place of the site's footer. */
  renderFooter?: (siteFooter: ReactNode) => ReactNode;
}

const mainNav: Array<[string, string]> = [
  ['/recipes', 'Recipes'],
  ['/circulars/weekly-ad', 'Weekly Ad'],
  ['/catering', 'Catering'],
  ['/wine', 'Wine'],
  ['/store/store-locator', 'Stores'],
];

/** Shop, catering and wine links carry the visitor's store, as the store layer keeps them in the browser. */
const storeHref = (href: string, store: Store | null): string => rewriteStoreLink(href, store) ?? href;

/**
 * The site chrome around every page: skip link, site banner slot, header with the store dropdown and the
 * department mega menu (rendered here so it works without JavaScript; core/header enhances it), footer,
 * back-to-top.
 */
/** The site banner slot: this visitor's banner, or left for the runtime (undefined); hidden once dismissed. */
function SiteBanner({ banner, id, show, next }: { banner?: string; id?: string; show: boolean; next?: number | null }) {
  return (
    <div
      className="site-banner"
      role="region"
      aria-label="Announcement"
      data-site-banner=""
      data-stackable="yes"
      data-banner-id={id}
      hidden={!show}
    >
      <div
        className="site-banner__content wrap"
        data-content="site-banner"
        data-content-loaded={banner !== undefined ? 'true' : undefined}
        data-content-next={next == null ? undefined : String(next)}
        // Sanitised when stored and when read (server/services/content/blocks.ts).
        dangerouslySetInnerHTML={banner ? { __html: banner } : undefined}
      />
      <button type="button" className="site-banner__close" data-site-banner-close="" aria-label="Dismiss banner">
        ×
      </button>
    </div>
  );
}

/** The top header: the store dropdown, the account link, the header cart. */
function TopHeader({ store, user }: { store: Store | null; user: User | null }) {
  return (
    <div className="top-header">
      <div className="wrap">
        <div className="store-dropdown">
          <span className="my-store" data-store-info="name">
            My Store: <a href={store ? `/stores/${store.slug}` : '/store/store-locator'}>{store ? store.name : 'Choose a store'}</a>
          </span>
          {store ? (
            <>
              <button type="button" className="store-dropdown__toggle" aria-controls="store-dropdown-panel" aria-expanded="false">
                <span className="visually-hidden">Store details</span>▾
              </button>
              <div className="store-dropdown__panel" id="store-dropdown-panel" hidden>
                <p data-store-info="address">
                  {store.address_1}, {store.city}, {store.state} {store.postal_code}
                </p>
                <p data-store-info="phone">{store.phone}</p>
                <p>
                  <a data-store-info="link" href={`/stores/${store.slug}`}>
                    Store details and hours
                  </a>{' '}
                  · <a href="/store/store-locator">Select Another Store</a>
                </p>
                <p>
                  <a href={storeHref('/shop#!/stores', store)}>Change store</a> (your cart comes with you)
                </p>
              </div>
              <a className="change-store" href={storeHref('/shop#!/stores', store)}>
                Change store
              </a>
            </>
          ) : null}
        </div>
        {/* Filled by core/shop/header-pickup.ts with the held window and its expiry (per visitor, so not here: the
            page cache keys pages by store only). Without a store the shop offers its store chooser first. */}
        <a className="header-pickup" href={storeHref('/shop#!/pickup', store)} data-header-pickup="">
          <span className="header-pickup__label">Pickup: </span>
          <span className="header-pickup__when">Choose a time</span>
          <span className="header-pickup__until"></span>
        </a>
        <span className="account-link">
          {user ? (
            <a href={storeHref('/shop#!/account', store)}>Hi, {firstName(user)}</a>
          ) : (
            <a href={storeHref('/shop#!/sign-in', store)}>Sign in</a>
          )}
        </span>
        <HeaderCart href={storeHref('/shop#!/cart', store)} />
      </div>
    </div>
  );
}

/** The main navigation with the department mega menu (server-rendered, so it works without JavaScript). */
function MainNav({
  store,
  user,
  currentPath,
  menuMode,
  departments,
}: {
  store: Store | null;
  user: User | null;
  currentPath: string;
  menuMode: MenuMode;
  departments: NavNode[];
}) {
  const shopHref = storeHref('/shop', store);
  return (
    <nav className="main-nav" id="site-menu" aria-label="Main" data-mega-menu="" data-menu-mode={menuMode}>
      <div className="off-canvas__head">
        <span>Menu</span>
        <button type="button" className="off-canvas__close" aria-label="Close menu">
          ×
        </button>
      </div>
      <ul className="menu">
        <li className="menu-item has-mega">
          <a href={shopHref} aria-current={currentPath === '/shop' ? 'page' : undefined}>
            Shop
          </a>
          <button type="button" className="submenu-toggle" aria-expanded="false" aria-controls="mega-panel">
            <span className="visually-hidden">Shop departments</span>
            <span aria-hidden="true">▾</span>
          </button>
          <div
            className={panelClass(menuMode, departments.length)}
            id="mega-panel"
            dangerouslySetInnerHTML={{ __html: departmentsHtml(departments, menuMode) }}
          />
        </li>
        {mainNav.map(([href, label]) => (
          <li key={href} className="menu-item">
            <a href={storeHref(href, store)} aria-current={currentPath === href ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
        {user ? (
          <li className="menu-item menu-item--reorder">
            <a href={storeHref('/shop#!/orders', store)} data-reorder="">
              Reorder
            </a>
          </li>
        ) : null}
        {user && can(user, 'manage_orders') ? (
          <li className="menu-item">
            <a href={STAFF_ORDERS_PATH} aria-current={currentPath === STAFF_ORDERS_PATH ? 'page' : undefined}>
              Store orders
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function SiteFooter({ siteName, store, linksStore }: { siteName: string; store: Store | null; linksStore: string }) {
  return (
    <footer className="site-footer" data-links-store={linksStore}>
      <div className="wrap">
        <p>
          © {new Date().getFullYear()} {siteName}. Fresh food, close to home.
        </p>
        <nav aria-label="Footer">
          <a href="/store/store-locator">Store locator</a> · <a href="/contact">Contact us</a> ·{' '}
          <a href="/drink-calculator">Drink calculator</a> · <a href={storeHref('/shop#!/?filter=is_favorite', store)}>My favorites</a>
        </nav>
      </div>
      {/* Fixed on screen; inside the footer landmark so its text belongs to a region (axe). */}
      <a className="back-to-top" href="#content" aria-hidden="true" tabIndex={-1}>
        <span aria-hidden="true">↑</span>
        <span className="visually-hidden">Back to top</span>
      </a>
    </footer>
  );
}

const withPart = (render: ((part: ReactNode) => ReactNode) | undefined, part: ReactNode): ReactNode => (render ? render(part) : part);

export function Layout(props: LayoutProps) {
  const { siteName, user, store, children, currentPath, navigation, menuMode = 1, banner, notice } = props;
  const departments = navigation?.shop.children ?? [];
  // The runtime leaves these links alone at boot (core/store-layer/store-layer.ts), rewriting them on a store change.
  const linksStore = String(store?.id ?? '');
  // Decided here, from the cookie, so the banner's space is right before the first paint (stackable mode).
  const id = banner === undefined ? undefined : bannerId(banner);
  const showBanner = id !== undefined && hasVisibleHtml(banner!) && !isBannerDismissed(props.bannerDismissed, id);
  // data-links-store: every shop, catering and wine link inside already carries this store (none: '')
  const siteHeader = (
    <header className="site-header" data-site-header="" data-links-store={linksStore}>
      <TopHeader store={store} user={user} />
      <div className="main-header wrap">
        <button type="button" className="menu-toggle" aria-controls="site-menu" aria-expanded="false">
          <span aria-hidden="true">☰</span> Menu
        </button>
        <a className="logo" href="/" aria-label={`${siteName} home`}>
          <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
            <rect width="64" height="64" rx="14" fill="#2f6b3a" />
            <path d="M20 46c10-2 22-14 24-26-12 2-24 14-24 26z" fill="#f5a524" />
            <path d="M40 14c2-4 6-6 10-6-1 4-4 7-8 8" fill="#7cc46a" />
          </svg>
          {siteName}
        </a>
        <MainNav store={store} user={user} currentPath={currentPath} menuMode={menuMode} departments={departments} />
        <button type="button" className="search-toggle" aria-controls="site-search" aria-expanded="false">
          <span aria-hidden="true">⌕</span>
          <span className="visually-hidden">Search</span>
        </button>
        <form className="site-search" id="site-search" role="search" aria-label="Site" action="/search" method="get">
          <label htmlFor="site-search-input" className="visually-hidden">
            Search products and recipes
          </label>
          <input id="site-search-input" type="search" name="s" placeholder="Search products & recipes" maxLength={200} />
          <button type="submit">Search</button>
        </form>
      </div>
    </header>
  );
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      {props.appBannerLink ? <AppBanner link={props.appBannerLink} siteName={siteName} color={props.primaryColor} /> : null}
      <SiteBanner banner={banner} id={id} show={showBanner} next={props.bannerNext} />
      {withPart(props.renderHeader, siteHeader)}
      <div className="off-canvas-backdrop" hidden />
      <main id="content" className="site-content" tabIndex={-1}>
        {notice ? (
          <p className="site-notice wrap" role="status">
            {notice}
          </p>
        ) : null}
        {children}
      </main>
      {props.editUrl ? (
        <aside className="edit-page-link" aria-label="Page builder">
          <a href={props.editUrl} data-edit-page-link="">
            Edit with the page builder
          </a>
        </aside>
      ) : null}
      {withPart(props.renderFooter, <SiteFooter siteName={siteName} store={store} linksStore={linksStore} />)}
    </>
  );
}

/** The mobile app banner (docs/behaviour.md), decided on the server so it holds its space from the first paint. */
function AppBanner({ link, siteName, color }: { link: string; siteName: string; color?: string }) {
  const style = color && /^#[0-9a-f]{3,8}$/i.test(color) ? ({ '--app-banner-color': color } as CSSProperties) : undefined;
  return (
    <aside className="app-banner" data-app-banner="" aria-label="Get the app" style={style}>
      <button type="button" className="app-banner__close" aria-label="Close">
        ×
      </button>
      <p className="app-banner__text">Shop faster with the {siteName} app.</p>
      <a className="app-banner__download" rel="noopener" href={link}>
        Download the App!
      </a>
      <button type="button" className="app-banner__continue">
        Continue in Browser
      </button>
    </aside>
  );
}
