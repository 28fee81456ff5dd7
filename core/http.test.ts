import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, fieldErrors, http, HttpError, NETWORK_MESSAGE, NONCE_RENEWAL_URL, nonce, setNonce } from './http';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('http, the browser client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setNonce('');
  });

  it('sends the nonce on reads and writes, JSON bodies, and renews the nonce an answer hands out', async () => {
    setNonce('n1');
    const fetch = vi.fn(async () => answer(200, { ok: true, nonce: 'n2' }));
    vi.stubGlobal('fetch', fetch);
    await http('/api/shop/v1/cart');
    await http('/api/shop/v1/cart/items', { method: 'POST', body: { product_id: 3 } });
    const [get, post] = fetch.mock.calls as unknown as [string, RequestInit][];
    expect((get[1].headers as Record<string, string>)['X-WP-Nonce']).toBe('n1');
    expect(get[1].method).toBe('GET');
    expect((post[1].headers as Record<string, string>)['X-WP-Nonce']).toBe('n2');
    expect((post[1].headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(post[1].body).toBe('{"product_id":3}');
    expect(nonce()).toBe('n2');
  });

  it('renews an expired nonce once on 403 rest_cookie_invalid_nonce and sends the call again', async () => {
    setNonce('old');
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (url === NONCE_RENEWAL_URL) return answer(200, { nonce: 'fresh' });
      const sent = (init.headers as Record<string, string>)['X-WP-Nonce'];
      return sent === 'fresh'
        ? answer(200, { ok: true })
        : answer(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' });
    });
    vi.stubGlobal('fetch', fetch);
    expect(await http('/api/shop/v1/cart/items', { method: 'POST', body: {} })).toEqual({ ok: true });
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/shop/v1/cart/items', NONCE_RENEWAL_URL, '/api/shop/v1/cart/items']);
    // Still refused after renewing: the error reaches the caller, no loop.
    fetch.mockImplementation(async (url: string) =>
      url === NONCE_RENEWAL_URL
        ? answer(200, { nonce: 'again' })
        : answer(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' }),
    );
    fetch.mockClear();
    await expect(http('/api/shop/v1/cart')).rejects.toMatchObject({ status: 403 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("turns an error answer into the server's message, status, code and field messages", async () => {
    vi.stubGlobal('fetch', async () =>
      answer(400, {
        code: 'rest_invalid_param',
        message: 'Choose a pickup date.',
        data: { status: 400, params: { date: 'Choose a pickup date.' } },
      }),
    );
    const error = await http('/api/shop/v1/orders', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, code: 'rest_invalid_param', message: 'Choose a pickup date.' });
    expect(fieldErrors(error)).toEqual({ date: 'Choose a pickup date.' });
    expect(errorMessage(error)).toBe('Choose a pickup date.');
  });

  it('reports a network failure with a message a shopper understands', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http('/api/shop/v1/cart')).rejects.toMatchObject({ status: 0, code: 'network', message: NETWORK_MESSAGE });
  });
});
