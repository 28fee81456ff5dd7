import { http } from '../../core/http';

// Islands call the site's APIs through the one browser client (core/http.ts).

export function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return http<T>(path, init);
}
