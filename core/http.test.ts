import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, fieldErrors, http, HttpError, NETWORK_MESSAGE, nonce, setNonce } from './http';

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
