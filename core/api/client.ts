import { http, type HttpOptions } from '../http';
import { type AnyEndpoint, type Answer, type BodyOf, type ParamNames, type PathParams, type QueryOf, urlOf } from './endpoint';

// The browser's one API client: `api(endpoint, {params, query, body})` calls a route of core/api/ through
// core/http.ts (the nonce, its renewal, errors with the server's message). A wrong path, method, parameter or
// body is a type error; the answer has the type of the schema the server checks it against.

type Extra = Pick<HttpOptions, 'headers' | 'signal' | 'keepalive' | 'fetch'>;
type ParamsPart<E extends AnyEndpoint> = [ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E['path']> };
/** A query as typed, or as URL text built elsewhere (the shop's `store_id=…&catalog=…`). */
type QueryPart<E extends AnyEndpoint> = [QueryOf<E>] extends [never] ? { query?: undefined } : { query?: QueryOf<E> | string };
type BodyPart<E extends AnyEndpoint> = [BodyOf<E>] extends [never] ? { body?: undefined } : { body: BodyOf<E> };
type UploadPart<E extends AnyEndpoint> = E extends { types?: { takes: { upload: 'form' } } }
  ? { form: FormData }
  : E extends { types?: { takes: { upload: 'file' } } }
    ? { file: Blob }
    : unknown;

export type CallOptions<E extends AnyEndpoint> = ParamsPart<E> & QueryPart<E> & BodyPart<E> & UploadPart<E> & Extra;

/** The options are optional when the endpoint needs none. */
type Rest<E extends AnyEndpoint> = Record<never, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

export function api<E extends AnyEndpoint>(endpoint: E, ...[options]: Rest<E>): Promise<Answer<E>> {
  const o = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    form?: FormData;
    file?: Blob;
  } & Extra;
  return http<Answer<E>>(urlOf(endpoint, o.params, o.query), {
    method: endpoint.method,
    body: o.body,
    form: o.form,
    file: o.file,
    headers: o.headers,
    signal: o.signal,
    keepalive: o.keepalive,
    fetch: o.fetch,
  });
}

/** The endpoint's URL, for what cannot go through `api` (a download link, a beacon); the nonce is added by core/http. */
export { urlOf } from './endpoint';
