// Small fetch helper for islands: JSON in and out, the page's nonce on writes, errors as messages.

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

function nonce(): string {
  const el = document.getElementById('site-config');
  try {
    return (JSON.parse(el?.textContent ?? '{}') as { nonce?: string }).nonce ?? '';
  } catch {
    return '';
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.method && init.method !== 'GET') headers['X-WP-Nonce'] = nonce();
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('We could not reach the store. Check your connection and try again.', 0, 'network');
  }
  const data = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
  if (!res.ok) throw new ApiError(data.message ?? 'Something went wrong. Please try again.', res.status, data.code ?? 'error');
  return data as T;
}
