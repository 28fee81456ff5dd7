import { ApiError } from '../islands/api';

// The shop platform API from the islands. Every call carries the nonce (a GET without one runs as an anonymous
// visitor), and the nonce is replaced when signing in or out answers a new one.

let currentNonce: string | null = null;

function pageNonce(): string {
  const el = typeof document === 'undefined' ? null : document.getElementById('site-config');
  try {
    return (JSON.parse(el?.textContent ?? '{}') as { nonce?: string }).nonce ?? '';
  } catch {
    return '';
  }
}

export const setNonce = (nonce: string): void => {
  currentNonce = nonce;
};

export interface FieldErrors {
  [field: string]: string;
}

/** An API error with the per-field messages of a 400 (data.params), for showing next to the fields. */
export class ShopApiError extends ApiError {
  constructor(
    message: string,
    status: number,
    code: string,
    readonly fields: FieldErrors,
  ) {
    super(message, status, code);
  }
}

export async function shopApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-WP-Nonce': currentNonce ?? pageNonce() };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ShopApiError('We could not reach the store. Check your connection and try again.', 0, 'network', {});
  }
  const data = (await res.json().catch(() => ({}))) as { message?: string; code?: string; nonce?: string; data?: { params?: FieldErrors } };
  if (!res.ok)
    throw new ShopApiError(
      data.message ?? 'Something went wrong. Please try again.',
      res.status,
      data.code ?? 'error',
      data.data?.params ?? {},
    );
  if (typeof data.nonce === 'string') setNonce(data.nonce);
  return data as T;
}

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : 'Something went wrong. Please try again.');
export const fieldErrors = (e: unknown): FieldErrors => (e instanceof ShopApiError ? e.fields : {});

export const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
