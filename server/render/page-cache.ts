import { readPageCacheVersion } from '../db/page-cache-version';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { acceptsWebp, appBannerFor } from './page-model';
import { audienceKey, fillPersonal, type PersonalTemplate } from './personal-parts';
import { firstDayEnds } from '../../core/shop/store-day';
import { storeTimeZones } from '../services/stores';
import { dismissedIds, SITE_BANNER_COOKIE } from '../../core/header/site-banner-rules';
import { countPageCacheLookup } from '../metrics';
import { compressOnce, type EncodedForms, preferredEncoding, sendEncoded, varyOnEncoding } from './encoded-forms';

// Full-page cache. A route opts in with `config: { pageCache: true }`. The key is
// what an anonymous page depends on: path and query, the visitor's store, the app banner decision (user
// agent + snackbarClosed), the dismissed site banners and WebP support; all anonymous visitors share one audience and one nonce (bound
// to user 0, valid 12-24 h, so a page kept PAGE_CACHE_MS is safe). A page whose render did something for this visitor (a session update, a personal part) calls markPersonal and is
// not kept. Each server keeps its own entries; every entry carries the database's page_cache_version
// (bumped by triggers on every table pages are rendered from), read on each request, so a publish, a
// content-block or a store change on any server is seen by all at once; a new version also clears the
// process's short content caches (blocks, stores, content answers).
// Signed-in visitors share a page too, per audience (their user groups and roles, which decide what content
// they see): the cache keeps the render with markers for the personal parts (greeting, site-config user,
// nonce; server/render/personal-parts.ts) and each request fills in its own.

const TTL_MS = Number(process.env.PAGE_CACHE_MS ?? 60_000);
/** How long after it was kept an anonymous page may answer while the database is away. */
const STALE_IF_ERROR_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GETs of this route may be answered from the full-page cache. */
    pageCache?: boolean;
  }
  interface FastifyRequest {
    pageCache?: { key: string; version: string } | null;
    /** The page as rendered with the personal parts' markers (set by renderPage for a signed-in visitor). */
    pageTemplate?: PersonalTemplate;
    /** The page shows something that changes at this instant (ms; a dynamic tag's "open now"): kept no longer. */
    pageCacheUntil?: number;
  }
}

/** This response holds something for this visitor alone: it must not be kept or shared. */
export function markPersonal(request: FastifyRequest): void {
  request.pageCache = null;
}

export const pageCacheVersion = (app: FastifyInstance): Promise<string> => readPageCacheVersion(app.db.kysely);

/**
 * The next moment a scheduled change goes live (a document's publish or unpublish time, a content block's
 * window): a cached page must not outlive it, since nothing in the database changes when the clock passes it.
 */
export async function nextScheduledChange(app: FastifyInstance, now: number): Promise<number> {
  const row = await sql<{ next: string | number | null }>`
    SELECT MIN(t) AS next FROM (
      SELECT MIN(publish_at) AS t FROM documents WHERE publish_at > ${now}
      UNION ALL SELECT MIN(unpublish_at) FROM documents WHERE unpublish_at > ${now}
      UNION ALL SELECT MIN(starts_at) FROM content_blocks WHERE starts_at > ${now}
      UNION ALL SELECT MIN(ends_at) FROM content_blocks WHERE ends_at > ${now}
    ) scheduled`.execute(app.db.kysely);
  const next = row.rows[0]?.next;
  return next === null || next === undefined ? Infinity : Number(next);
}

const keyOf = (app: FastifyInstance, request: FastifyRequest): string =>
  [
    request.url,
    request.visitor.storeId ?? '',
    appBannerFor(app, request) ?? '',
    acceptsWebp(request) ? 'webp' : '',
    // The dismissed site banners decide whether the banner is rendered hidden; visitors who dismissed none share.
    dismissedIds(request.cookies[SITE_BANNER_COOKIE]).join('.'),
  ].join('|');

/** An entry's size: its forms' buffers, or its template's text (V8 keeps text at one or two bytes a character). */
function keptBytes(html: string | PersonalTemplate, forms?: EncodedForms): number {
  if (forms) return forms.identity.length + (forms.br?.length ?? 0) + (forms.gzip?.length ?? 0);
  const pieces = typeof html === 'string' ? [html] : html.pieces;
  return pieces.reduce((n, piece) => n + 2 * piece.length, 0);
}

/**
 * `maxBytes`: what the kept pages may hold (PAGE_CACHE_BYTES, server/config.ts; docs/performance.md, "Scale"). An
 * anonymous page is kept as its sent forms (identity, Brotli and gzip buffers, outside V8's heap), a signed-in
 * audience's as its template. Counted by entries (1,000 before), a catalogue of 40,000 product pages at 100 stores
 * fills any count, and 1,000 pages of 30-90 KB held 70-150 MB.
 */
export const pageCachePlugin = fp(async (app: FastifyInstance, { maxBytes }: { maxBytes: number }) => {
  // An anonymous page as sent, with its compressed forms (a hit costs no compression); a signed-in audience's page
  // as its template (filled per request, then compressed like any response).
  const entries = new Map<
    string,
    { html: string | PersonalTemplate; forms?: EncodedForms; at: number; until: number; version: string; bytes: number }
  >();
  let bytes = 0;
  const sendHit = (request: FastifyRequest, reply: FastifyReply, forms: EncodedForms) =>
    sendEncoded(request, reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('X-Page-Cache', 'hit'), forms);
  let seen = '';

  app.addHook('preHandler', async (request, reply) => {
    if (TTL_MS <= 0 || request.method !== 'GET' || !request.routeOptions.config?.pageCache) return;
    const version = await pageCacheVersion(app).catch(() => null);
    if (version === null) {
      // The database is away (restart, failover): an anonymous page this server holds is still the best answer
      // there is; anything else renders (and so fails with 503) as usual.
      const hit = request.visitor.user ? undefined : entries.get(keyOf(app, request));
      const now = Date.now();
      // Past its lifetime too, for a while: a kept page is a better answer than a 503 while nothing can change.
      if (!hit?.forms || hit.at > now || now >= Math.max(hit.until, hit.at + STALE_IF_ERROR_MS)) return;
      request.pageCache = null;
      return sendHit(request, reply, hit.forms);
    }
    if (version !== seen) {
      // Another server (or this one) changed what pages are made of: the short content caches go too.
      if (seen !== '') app.contentCaches.forgetAll();
      seen = version;
    }
    const user = request.visitor.user;
    // An anonymous key starts with the path ('/'), a signed-in one with its audience ('u:'): never the same.
    const key = user ? `${audienceKey(user)}|${keyOf(app, request)}` : keyOf(app, request);
    const hit = entries.get(key);
    const now = Date.now();
    // An entry from "the future" (the clock was set back) carries a nonce of a later tick: render anew.
    if (hit && hit.version === version && hit.at <= now && now < hit.until) {
      countPageCacheLookup('hit');
      request.pageCache = null;
      if (hit.forms) return sendHit(request, reply, hit.forms);
      const html = typeof hit.html === 'string' ? hit.html : user ? fillPersonal(app, hit.html, { ...request.visitor, user }) : null;
      if (html === null) return; // keyed by audience: cannot happen, but a template is never sent unfilled
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('X-Page-Cache', 'hit').send(html);
    }
    countPageCacheLookup('miss');
    request.pageCache = { key, version };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pc = request.pageCache;
    if (!pc || reply.statusCode !== 200 || reply.hasHeader('set-cookie') || typeof payload !== 'string') return payload;
    const now = Date.now();
    const scheduled = await nextScheduledChange(app, now).catch(() => now); // unknown: do not cache
    // Sale prices and the weekly ad change at each store's own midnight: a page showing prices must not outlive
    // the first of them (stores in several zones); a page showing "open now" not its next opening or closing.
    const until = Math.min(
      now + TTL_MS,
      scheduled,
      firstDayEnds(now, await storeTimeZones(app.db.kysely).catch(() => [])),
      request.pageCacheUntil ?? Infinity,
    );
    if (until <= now) return payload;
    // A signed-in page is kept as its template only: without one (not rendered by renderPage) it is not kept.
    const html = request.visitor.user ? request.pageTemplate : payload;
    if (html === undefined) return payload;
    // An anonymous page is compressed once here, for this response and every hit after it.
    const forms = typeof html === 'string' ? await compressOnce(html) : undefined;
    // An anonymous hit sends its forms: the page's text is not kept beside them.
    const entry = { html: forms ? '' : html, forms, at: now, until, version: pc.version, bytes: keptBytes(html, forms) };
    const old = entries.get(pc.key);
    if (old) bytes -= old.bytes;
    entries.delete(pc.key);
    entries.set(pc.key, entry);
    bytes += entry.bytes;
    // The oldest kept go first (a page is kept again on its next render, PAGE_CACHE_MS at most later).
    for (const [key, kept] of entries) {
      if (bytes <= maxBytes || key === pc.key) break;
      entries.delete(key);
      bytes -= kept.bytes;
    }
    reply.header('X-Page-Cache', 'miss');
    const encoding = forms ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (!forms || !encoding || reply.hasHeader('content-encoding')) return payload;
    varyOnEncoding(reply);
    reply.header('Content-Encoding', encoding);
    return forms[encoding];
  });
});
