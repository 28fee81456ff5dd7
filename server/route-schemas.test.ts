import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as S from '../core/api/schemas/shop';
import * as adminApi from '../core/api/admin';
import * as catalogueApi from '../core/api/catalogue';
import * as contentApi from '../core/api/content';
import * as editorApi from '../core/api/editor';
import * as shopApi from '../core/api/shop';
import { isApi } from './api-path';
import { z } from 'zod';
import { answers, inputs, serializerCompiler, validatorCompiler } from './validation';
import { Client, signedInAs, useTestServer, visitorAt } from './testing/harness';

// Route inputs are zod schemas on the route (server/validation.ts): one error shape, checked after the
// capability guard, and declared on every API route that has a path parameter.

type ApiErrorBody = { code: string; message: string; data: { status: number; params?: Record<string, string> } };

const server = useTestServer();

describe('route schemas', () => {
  it('answers a bad path parameter with the field message in the house shape', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const res = await admin.json<ApiErrorBody>('/wp-json/site/v1/documents/abc/draft', { method: 'PUT', body: { tree: [] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): id (must be a number)',
      data: { status: 400, params: { id: 'must be a number' } },
    });
  });

  it('treats a missing body as an empty object, naming the fields it lacks', async () => {
    const anon = await visitorAt(server.url);
    const res = await anon.json<ApiErrorBody>('/api/shop/v1/cart/items', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params ?? {})).toEqual(['items']);
  });

  it('checks the capability before the schema: a customer gets 403, not the field errors', async () => {
    const customer = await signedInAs(server.url, 'casey');
    const res = await customer.json<ApiErrorBody>('/wp-json/site/v1/documents/abc/draft', { method: 'PUT', body: { tree: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_forbidden');
  });

  it('answers a path parameter past the router limit in the house shape', async () => {
    const res = await new Client(server.url).json<ApiErrorBody>(`/wp-json/site/v1/content-blocks/${'a'.repeat(400)}`, { method: 'DELETE' });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ code: 'rest_uri_too_long', message: 'The address is too long.', data: { status: 414 } });
  });

  it('declares a params schema on every API route with a path parameter', () => {
    const undeclared = server.app.routeList.filter((r) => isApi(r.url) && r.url.includes(':') && !r.schema?.params);
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('declares a response schema for the 2xx answers of every API route', () => {
    const answersOk = (r: (typeof server.app.routeList)[number]): boolean =>
      Object.keys((r.schema?.response as Record<string, unknown> | undefined) ?? {}).some((code) => /^2(\d\d|xx)$/.test(code));
    const undeclared = server.app.routeList.filter((r) => isApi(r.url) && r.method !== 'HEAD' && !answersOk(r));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('serves every endpoint of core/api/ at its method and path, with a 2xx answer declared', () => {
    const endpoints = [adminApi, catalogueApi, contentApi, editorApi, shopApi].flatMap((module) =>
      Object.values(module).filter(
        (v): v is { method: string; path: string } => typeof v === 'object' && v !== null && 'path' in v && 'method' in v,
      ),
    );
    expect(endpoints.length).toBeGreaterThan(100);
    const served = new Map(server.app.routeList.map((r) => [`${r.method} ${r.url}`, r]));
    const missing = endpoints.filter((e) => {
      const route = served.get(`${e.method} ${e.path}`);
      return !Object.keys((route?.schema?.response as object | undefined) ?? {}).some((code) => code.startsWith('2'));
    });
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });
});

describe('answer schemas', () => {
  /** A route answering `body` under the schema of GET /api/shop/v1/me, compiled as server/app.ts compiles answers. */
  async function answering(body: unknown) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/probe', { schema: { response: answers(shopApi.me, S.me) } }, async () => body);
    const res = await app.inject({ method: 'GET', url: '/probe' });
    await app.close();
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  it('leaves out what an answer does not declare', async () => {
    const user = { id: 7, email: 'a@example.test', name: 'A', roles: [], segment_ids: [], store_id: null };
    const res = await answering({ user: { ...user, password_hash: 'x' }, nonce: 'n', session_id: 's' });
    expect(res).toEqual({ status: 200, body: { user, nonce: 'n' } });
  });

  it('refuses an answer that does not match its schema instead of sending it', async () => {
    expect((await answering({ user: null })).status).toBe(500);
  });

  it('is how the server compiles its answers', () => {
    expect(server.app.serializerCompiler).toBe(serializerCompiler);
  });
});

describe('route inputs and their endpoints', () => {
  it('does not compile a route schema that refuses what its endpoint sends', () => {
    const accepted = inputs(shopApi.setCartLine, { body: z.object({ quantity: z.number().int() }) });
    expect(Object.keys(accepted)).toEqual(['body']);
    // @ts-expect-error the endpoint sends a number, the schema wants text
    inputs(shopApi.setCartLine, { body: z.object({ quantity: z.string() }) });
    // @ts-expect-error the schema requires a field the endpoint does not send
    inputs(shopApi.addToCart, { body: z.object({ items: z.array(z.object({ product_id: z.number() })), note: z.string() }) });
  });
});
