import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SHOP_ROUTE_SCRIPT } from '../../core/shop/route-mark';

// Security headers on every response. Scripts only from this origin (no inline scripts: the page's JSON
// config is type="application/json", which CSP does not execute; the one exception is the shop's deep-link mark,
// allowed by the hash of its exact text, core/shop/route-mark.ts) plus the two video providers whose
// player APIs the lightbox loads; styles may be inline (widgets and Swiper set style attributes).
export const SHOP_ROUTE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SHOP_ROUTE_SCRIPT).digest('base64')}'`;

export const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' ${SHOP_ROUTE_SCRIPT_HASH} https://www.youtube.com https://s.ytimg.com https://player.vimeo.com`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://i.ytimg.com https://i.vimeocdn.com",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** A year, the value browsers' preload lists ask for; subdomains included (the shop serves none over HTTP). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function installSecurityHeaders(app: FastifyInstance): void {
  const httpsSite = app.config.siteUrl?.startsWith('https://') ?? false;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // A route's own, stricter policy stands (the token pages' no-referrer keeps their token out of Referer).
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // HTTPS as the client saw it: directly, or through a trusted proxy's X-Forwarded-Proto, or a site that is https.
    if (httpsSite || request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      // A route may add directives (the revision preview's sandbox): the site's policy, then its own.
      const own = reply.getHeader('Content-Security-Policy');
      reply.header('Content-Security-Policy', own ? `${contentSecurityPolicy}; ${String(own)}` : contentSecurityPolicy);
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      reply.header('Permissions-Policy', 'geolocation=(self), camera=(), microphone=()');
    }
    return payload;
  });
}
