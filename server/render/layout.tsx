import type { ReactNode } from 'react';
import type { User } from '../services/users';
import type { StoreJson } from '../services/stores';

export interface LayoutProps {
  title: string;
  siteName: string;
  user: User | null;
  store: StoreJson | null;
  children: ReactNode;
  currentPath: string;
}

const mainNav: Array<[string, string]> = [
  ['/shop', 'Shop'],
  ['/recipes', 'Recipes'],
  ['/circulars/weekly-ad', 'Weekly Ad'],
  ['/catering', 'Catering'],
  ['/wine', 'Wine'],
  ['/store/store-locator', 'Stores'],
];

/** The site chrome around every page: skip link, header with store and navigation, footer. */
export function Layout({ siteName, user, store, children, currentPath }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="site-header" data-site-header="">
        <div className="top-header">
          <div className="wrap">
            <span className="my-store" data-store-info="name">
              {store ? (
                <>
                  My Store: <a href={`/stores/${store.slug}`}>{store.name}</a>
                </>
              ) : (
                <a href="/store/store-locator">Choose a store</a>
              )}
            </span>
            <span className="account-link">{user ? <a href="/shop#!/account">Hi, {user.name.split(' ')[0]}</a> : <a href="/shop#!/sign-in">Sign in</a>}</span>
          </div>
        </div>
        <div className="main-header wrap">
          <a className="logo" href="/" aria-label={`${siteName} home`}>
            <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
              <rect width="64" height="64" rx="14" fill="#2f6b3a" />
              <path d="M20 46c10-2 22-14 24-26-12 2-24 14-24 26z" fill="#f5a524" />
              <path d="M40 14c2-4 6-6 10-6-1 4-4 7-8 8" fill="#7cc46a" />
            </svg>
            {siteName}
          </a>
          <nav className="main-nav" aria-label="Main">
            <ul>
              {mainNav.map(([href, label]) => (
                <li key={href}>
                  <a href={href} aria-current={currentPath === href ? 'page' : undefined}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <form className="site-search" role="search" action="/search" method="get">
            <label htmlFor="site-search-input" className="visually-hidden">
              Search products and recipes
            </label>
            <input id="site-search-input" type="search" name="s" placeholder="Search products & recipes" maxLength={200} />
            <button type="submit">Search</button>
          </form>
        </div>
      </header>
      <main id="content" className="site-content" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="wrap">
          <p>
            © {new Date().getFullYear()} {siteName}. Fresh food, close to home.
          </p>
          <nav aria-label="Footer">
            <a href="/store/store-locator">Store locator</a> · <a href="/contact">Contact us</a> · <a href="/drink-calculator">Drink calculator</a>
          </nav>
        </div>
      </footer>
    </>
  );
}
