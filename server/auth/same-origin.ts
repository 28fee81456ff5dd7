import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

// State-changing requests must come from this site's own pages. Browsers say where a request comes from
// (Sec-Fetch-Site, Origin); a cross-site form or script is refused before anything runs. Requests without
// either header (command-line clients, very old browsers) still need their nonce.

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

export const crossSite = () => new ApiError(403, 'rest_cross_site', 'Requests from other sites are not accepted.');

/** The site's own origin: SITE_URL when configured, else what this request was addressed to. */
export function siteOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.siteUrl ?? `${request.protocol}://${request.host}`;
}

export function isCrossSite(app: FastifyInstance, request: FastifyRequest): boolean {
  if (SAFE.has(request.method)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  // Browsers that send Sec-Fetch-Site are judged by it alone (it does not depend on how the proxy names us).
  if (typeof fetchSite === 'string') return !ALLOWED_FETCH_SITES.has(fetchSite);
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== siteOrigin(app, request);
}

export function installSameOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (isCrossSite(app, request)) throw crossSite();
  });
}
