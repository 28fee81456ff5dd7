import { describe, expect, it, vi } from 'vitest';
import { forgetNonce, setNonce } from '../http';
import { refreshLoop, type RefreshLoopRequest } from './refresh-client';

const base: RefreshLoopRequest = {
  postId: 72,
  widgetId: 'c7a001',
  widgetFilters: { taxonomy: { course: { terms: ['dinner'], logicalJoin: 'AND' } } },
  paginationBaseUrl: 'http://x.test/recipes',
};

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('refresh-loop client', () => {
  it('POSTs the refresh-loop JSON payload and returns data', async () => {
    const fetchImpl = answer(200, { data: '<div>items</div>' });
    expect(await refreshLoop(base, fetchImpl)).toBe('<div>items</div>');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wp-json/elementor-pro/v1/refresh-loop');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((init.headers as Record<string, string>)['X-WP-Nonce']).toBeUndefined();
    expect(JSON.parse(init.body as string)).toEqual({
      post_id: 72,
      widget_filters: base.widgetFilters,
      widget_id: 'c7a001',
      pagination_base_url: 'http://x.test/recipes',
    });
  });

  it('in edit mode sends widget_model, is_edit_mode and the current nonce header', async () => {
    const fetchImpl = answer(200, { data: 'ok' });
    setNonce('abc123');
    await refreshLoop({ ...base, edit: { widgetModel: { posts_per_page: 4 } } }, fetchImpl);
    forgetNonce();
    const init = (fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-WP-Nonce']).toBe('abc123');
    expect(JSON.parse(init.body as string)).toMatchObject({ widget_model: { posts_per_page: 4 }, is_edit_mode: true });
  });

  it.each([400, 403, 500, 503])('treats status %i as an empty result', async (status) => {
    expect(await refreshLoop(base, answer(status, { data: 'should not be used' }))).toBe('');
  });

  it('treats a network failure, bad JSON or a missing data field as an empty result', async () => {
    expect(
      await refreshLoop(
        base,
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      ),
    ).toBe('');
    expect(
      await refreshLoop(
        base,
        vi.fn(async () => new Response('<html>', { status: 200 })),
      ),
    ).toBe('');
    expect(await refreshLoop(base, answer(200, { html: 'x' }))).toBe('');
  });
});
