import { http } from '../../core/http';

// The editor and admin screens call the server through the one browser client (core/http.ts).

export { HttpError as RequestError, nonce as pageNonce } from '../../core/http';

export function request<T>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  return http<T>(path, init);
}

/** The rich-text image upload: multipart field `file`, answer {location}. */
export async function uploadImage(file: Blob, name: string, url = '/wp-json/site/v1/uploads'): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  const { location } = await request<{ location: string }>(url, { method: 'POST', form });
  return location;
}
