// The account pages of the shop module (docs/shop.md: hash routes '#!/{route}' with a sub-navigation of account
// links, default "my account"): the server's navigation response and the shop island both list them from here.
export const ACCOUNT_PAGES = [
  ['account', 'My Account'],
  ['profile', 'Profile'],
  ['orders', 'Orders'],
  ['favorites', 'Favorites'],
  ['lists', 'Shopping Lists'],
  ['coupons', 'Coupons'],
  ['sign-out', 'Sign Out'],
] as const;

export type AccountRoute = (typeof ACCOUNT_PAGES)[number][0];
export const ACCOUNT_ROUTES: readonly AccountRoute[] = ACCOUNT_PAGES.map(([route]) => route);
