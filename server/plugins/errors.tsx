import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApi } from '../api-path';
import { ApiError, errors } from '../errors';
import { conflictUnavailable, isDatabaseBusy, isTransactionConflict } from '../db/transactions';
import { renderPage } from '../render/page';
import { MissingPage, missingOutcome } from '../render/not-found';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
  '53100',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_FULL',
  'SQLITE_READONLY',
]);

/** The database cannot answer right now (down, locked, destroyed pool): 503, so clients and balancers retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('SQLITE_IOERR'))) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  // "cannot rollback": SQLite already rolled back after a failed write (disk full), so the ROLLBACK fails too.
  // "not queryable": a pg client whose connection died between two statements of a transaction refuses the next
  // one and the ROLLBACK, and the ROLLBACK's error is what the transaction throws. "timeout exceeded when trying to
  // connect": no pooled connection came free (or could be opened) within the pool's limit.
  return /driver has already been destroyed|database connection is not open|Connection terminated|connect ECONNREFUSED|cannot rollback - no transaction is active|is not queryable|timeout exceeded when trying to connect/i.test(
    message,
  );
}

/** Maps Fastify's own errors (body parsing, limits) and database failures onto the catalogue. */
function toApiError(error: FastifyError | ApiError | Error): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) return errors.unavailable();
  // A conflict outside a transaction (one statement): nothing was written; the client may send it again.
  if (isTransactionConflict(error) || isDatabaseBusy(error)) return conflictUnavailable();
  const e = error as FastifyError;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === '23505') return errors.conflict('That already exists.');
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.invalidJson();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.tooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.unsupportedMedia();
  }
  if (e instanceof SyntaxError) return errors.invalidJson();
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new ApiError(e.statusCode, 'rest_bad_request', e.message);
  return new ApiError(500, 'internal_server_error', 'An error occurs');
}

async function htmlError(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, status: number): Promise<void> {
  // A missing address may have moved (301) or been trashed (410): docs/seo.md.
  if (status === 404) {
    const outcome = await missingOutcome(app, request.url).catch(() => ({ status: 404 as const }));
    if ('redirect' in outcome) return void reply.code(301).header('Cache-Control', 'no-cache').redirect(outcome.redirect, 301);
    status = outcome.status;
  }
  const title =
    status === 404 ? 'Page not found' : status === 410 ? 'Page removed' : status === 503 ? 'We will be right back' : 'Something went wrong';
  const html = await renderPage(app, request, {
    title,
    bodyClass: 'page error-page',
    // Not a page of the site: no breadcrumbs to an address that answers with an error.
    seo: { noindex: true, breadcrumbs: [] },
    content:
      status === 404 || status === 410 ? (
        <MissingPage status={status} />
      ) : (
        <section className="wrap error-page__body">
          <h1>{title}</h1>
          {status === 503 ? (
            <p>Our online store is briefly unavailable. Your cart is safe; please try again in a minute. Stores are open as usual.</p>
          ) : (
            <p>Please try again in a moment.</p>
          )}
          {status >= 500 && (
            // Matches the server's log lines of this request (reqId) when the shopper reports it.
            <p className="error-page__reference">
              Reference: <code>{request.id}</code>
            </p>
          )}
          <p>
            <a className="button" href="/">
              Go to the home page
            </a>{' '}
            <a href="/search">Search the site</a>
          </p>
        </section>
      ),
  }).catch(
    () =>
      `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${status >= 500 ? `<p>Reference: <code>${request.id.replace(/[^\w.:-]/g, '')}</code></p>` : ''}<p><a href="/">Home</a></p></main></body></html>`,
  );
  // Returned, not only sent: an async handler that resolves before its reply is out loses a compressed body.
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    const apiError = toApiError(error as Error);
    // An unavailable database is one line per request (no stack: it is the database, not the code).
    if (apiError.status === 503)
      request.log.warn({ code: (error as { code?: unknown }).code, reason: (error as Error).message }, 'database unavailable');
    else if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    if (apiError.status === 503) reply.header('Retry-After', '30');
    reply.headers(apiError.headers);
    if (!isApi(request.url) && request.method === 'GET' && (apiError.status === 404 || apiError.status >= 500)) {
      if (!request.visitor) request.visitor = { user: null, sessionId: null, storeId: null };
      return htmlError(app, request, reply, apiError.status);
    }
    const body = apiError.toJSON();
    if (apiError.status >= 500) body.data.request_id = request.id;
    return reply.code(apiError.status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (isApi(request.url) || request.method !== 'GET') return reply.code(404).send(errors.notFound().toJSON());
    if (!request.visitor) request.visitor = { user: null, sessionId: null, storeId: null };
    return htmlError(app, request, reply, 404);
  });
}

/** Fastify's own URL errors (a path parameter past the router's length, a malformed escape) in the house shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, 'rest_uri_too_long', 'The address is too long.')
      : new ApiError(400, 'rest_bad_request', 'The address is not valid.');
  reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.toJSON());
}
