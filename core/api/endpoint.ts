import type { z } from 'zod';

// One route of the server's API as the browser calls it: its method and path, with the zod schema of its 2xx
// answer and what it takes (query, body) as types only. The server declares the same schema as the route's
// `response` (server/validation.ts, `answers`), so the answer is checked on the way out and nothing undeclared
// leaks; the browser reads the schema's type without bundling zod. See docs/api.md, "Typed endpoints".

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call sends besides its path parameters (types only). */
export interface Takes {
  query?: unknown;
  body?: unknown;
  /** A multipart upload (FormData) or a raw file body. */
  upload?: 'form' | 'file';
}

export interface Endpoint<M extends Method = Method, P extends string = string, S extends z.ZodType = z.ZodType, T extends Takes = Takes> {
  readonly method: M;
  readonly path: P;
  /** Types only: the answer's schema and the input. */
  readonly types?: { answer: S; takes: T };
}

/** Any endpoint, whatever its answer and input (for functions that take one). */
export type AnyEndpoint = Endpoint;

/** The names of a path's `:parameters`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

type Parts<E> = E extends Endpoint<Method, infer P, infer S, infer T> ? { path: P; answer: S; takes: T } : never;

/** What the endpoint answers (its 2xx JSON). */
export type Answer<E extends AnyEndpoint> = z.output<Parts<E>['answer']>;
/** The endpoint's body type. */
export type BodyOf<E extends AnyEndpoint> = Parts<E>['takes'] extends { body: infer B } ? B : never;
/** The endpoint's query type. */
export type QueryOf<E extends AnyEndpoint> = Parts<E>['takes'] extends { query: infer Q } ? Q : never;

/**
 * Declares an endpoint: `endpoint<typeof answerSchema, { body: Body }>()('POST', '/api/…/:id')`. The schema is
 * imported as a type only (`import type`), so the browser's bundle holds the method and path alone.
 */
export const endpoint =
  <S extends z.ZodType, T extends Takes = Record<never, never>>() =>
  <M extends Method, P extends string>(method: M, path: P): Endpoint<M, P, S, T> => ({ method, path });

/** A query as URL text: undefined and null values are left out, arrays become repeated keys. */
export function queryText(query: unknown): string {
  if (query === undefined || query === null) return '';
  if (typeof query === 'string') return query.replace(/^\?/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  return params.toString();
}

/** The endpoint's URL: each `:name` replaced by its (encoded) parameter, then the query. */
export function urlOf(endpoint: AnyEndpoint, params: Record<string, string | number> = {}, query?: unknown): string {
  const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const text = queryText(query);
  return text ? `${path}?${text}` : path;
}
