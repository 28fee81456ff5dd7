import type { FastifyInstance } from 'fastify';

// Security headers on every response. Scripts only from this origin (no inline scripts: the page's JSON
// config is type="application/json", which CSP does not execute) plus the two video providers whose player
// APIs the lightbox loads; styles may be inline (widgets and Swiper set style attributes).
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' https://www.youtube.com https://s.ytimg.com https://player.vimeo.com",
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

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', contentSecurityPolicy);
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      reply.header('Permissions-Policy', 'geolocation=(self), camera=(), microphone=()');
    }
    return payload;
  });
}
