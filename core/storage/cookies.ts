import Cookies from 'js-cookie';

// Cookies for visitor state (e.g. snackbarClosed for the app banner), through js-cookie: whole-site path,
// lifetime in days, Secure on https.

export interface CookieOptions {
  days?: number;
}

export const cookies = {
  get(name: string): string | undefined {
    return Cookies.get(name);
  },
  set(name: string, value: string, options: CookieOptions = {}): void {
    Cookies.set(name, value, { path: '/', sameSite: 'Lax', secure: location.protocol === 'https:', expires: options.days });
  },
  remove(name: string): void {
    Cookies.remove(name, { path: '/' });
  },
};
