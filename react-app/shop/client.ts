import { errorMessage, fieldErrors, http, HttpError, setNonce, type FieldErrors } from '../../core/http';

// The shop platform API from the islands, through the one browser client (core/http.ts): every call carries
// the nonce (a GET without one runs as an anonymous visitor), renewed when signing in or out answers a new one.
export { errorMessage, fieldErrors, setNonce, HttpError as ShopApiError, type FieldErrors };

export function shopApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return http<T>(path, init);
}

export const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
