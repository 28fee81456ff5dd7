import { SITE_CONFIG_ID } from './config/site-config';

// The browser's one HTTP client: JSON in and out, the page's nonce on every call (reads need it to run as the
// signed-in visitor, writes for the CSRF check), the nonce replaced when an answer carries a new one (sign-in,
// sign-out), and failures as errors whose message a screen can show.

export interface FieldErrors {
  [field: string]: string;
}

export const NETWORK_MESSAGE = 'We could not reach the store. Check your connection and try again.';
export const FAILURE_MESSAGE = 'Something went wrong. Please try again.';

/** A failed call: the server's message, its HTTP status (0 when the network failed), its code and per-field messages. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

let renewed: string | null = null;

/** The nonce to send: the last one an answer handed out, else the page's. */
export function nonce(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string {
  if (renewed !== null) return renewed;
  try {
    return (JSON.parse(doc?.getElementById(SITE_CONFIG_ID)?.textContent ?? '{}') as { nonce?: string }).nonce ?? '';
  } catch {
    return '';
  }
}

export const setNonce = (value: string): void => {
  renewed = value;
};

/** Back to the page's own nonce (a test leaves the page as it found it). */
export const forgetNonce = (): void => {
  renewed = null;
};

/** The query parameter a URL carries the nonce in (a call that cannot send headers, or a browser-cached answer). */
const NONCE_PARAM = '_wpnonce';

/**
 * The URL with the current nonce as its `_wpnonce` (replacing one it has). Callers never set the nonce themselves
 * (a lint rule enforces it): a page's own copy goes stale when the visitor signs in or out in another tab.
 */
export function withNonce(url: string): string {
  const hash = url.indexOf('#');
  const [head, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const q = head.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : head.slice(q + 1));
  params.set(NONCE_PARAM, nonce());
  return `${q < 0 ? head : head.slice(0, q)}?${params.toString()}${fragment}`;
}

const carriesNonce = (url: string): boolean => new RegExp(`[?&]${NONCE_PARAM}=`).test(url);

export interface HttpOptions {
  method?: string;
  /** Sent as JSON (a string is sent as it is). */
  body?: unknown;
  /** Sent as multipart form data instead of a JSON body. */
  form?: FormData;
  /** A file sent as the raw body with its own type (a feed upload streams it without a multipart wrapper). */
  file?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (a measurement sent as a link leaves it). */
  keepalive?: boolean;
  /** The fetch to use (tests and sandboxes); the global one by default. */
  fetch?: typeof fetch;
}

interface ErrorBody {
  message?: string;
  code?: string;
  nonce?: string;
  data?: { params?: FieldErrors };
}

/** Where a tab gets a fresh nonce for its session (a page open for more than 24 hours holds an expired one). */
export const NONCE_RENEWAL_URL = '/rest-nonce';

async function renewNonce(fetchImpl: typeof fetch): Promise<boolean> {
  try {
    const res = await fetchImpl(NONCE_RENEWAL_URL, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    const data = (await res.json()) as { nonce?: unknown };
    if (!res.ok || typeof data.nonce !== 'string') return false;
    setNonce(data.nonce);
    return true;
  } catch {
    return false;
  }
}

export async function http<T>(url: string, options: HttpOptions = {}, renewed = false): Promise<T> {
  // The nonce is always the current one, after the caller's headers: a caller's copy may be stale (another tab
  // signed in), and a retry after renewal must carry the new one, in the header and in a URL that holds one.
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, 'X-WP-Nonce': nonce() };
  const target = carriesNonce(url) ? withNonce(url) : url;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.file) {
    headers['Content-Type'] = options.file.type || 'application/octet-stream';
    body = options.file;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetchImpl(target, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new HttpError(NETWORK_MESSAGE, 0, 'network');
  }
  const data = (await res.json().catch(() => ({}))) as ErrorBody;
  // An expired nonce ("Cookie check failed"): renew it once and send the call again.
  if (res.status === 403 && data.code === 'rest_cookie_invalid_nonce' && !renewed && (await renewNonce(fetchImpl)))
    return http<T>(url, options, true);
  if (!res.ok) throw new HttpError(data.message ?? FAILURE_MESSAGE, res.status, data.code ?? 'error', data.data?.params ?? {});
  if (typeof data.nonce === 'string') setNonce(data.nonce);
  return data as T;
}

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : FAILURE_MESSAGE);
export const fieldErrors = (e: unknown): FieldErrors => (e instanceof HttpError ? e.fields : {});
