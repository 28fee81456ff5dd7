import type { UsageDetails, UsageEventName } from '../../core/events/usage-events';

// fetch for the editor and admin screens: every call carries the page's nonce (writes need it, and reads
// need it to run as the signed-in user); errors become messages the screens show.

export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function pageNonce(): string {
  try {
    return (JSON.parse(document.getElementById('site-config')?.textContent ?? '{}') as { nonce?: string }).nonce ?? '';
  } catch {
    return '';
  }
}

export async function request<T>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-WP-Nonce': pageNonce() };
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: init.method ?? 'GET', headers, body, credentials: 'same-origin' });
  } catch {
    throw new RequestError('The server could not be reached. Check your connection and try again.', 0);
  }
  const data = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) throw new RequestError(data.message ?? `The request failed (${res.status}).`, res.status);
  return data as T;
}

/** Records a usage event; failures never disturb the screen. */
export function track(event: UsageEventName, details: UsageDetails = {}): void {
  void request('/wp-json/site/v1/usage-events', { method: 'POST', body: { event, details } }).catch(() => undefined);
}

/** The rich-text image upload: multipart field `file`, answer {location}. */
export async function uploadImage(file: Blob, name: string, url = '/wp-json/site/v1/uploads'): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  const { location } = await request<{ location: string }>(url, { method: 'POST', form });
  return location;
}
