import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SiteSettings } from '../../../core/config/site-settings';
import type { Store } from '../stores';
import type { ContentKind } from '../../../core/wire/content-block';
import type { ContentBlock } from './content-block';
import { CONTENT_CACHE_MS, MicroCache } from './micro-cache';

// The short-lived content caches of one server: the Fastify instance carries them (`app.contentCaches`), so
// two servers in one process (API tests, a peer) never answer from each other's entries and nothing needs a
// reset hook. Services that are handed only the database handle reach the same caches through it.

/** A content call's answer, serialised once with its ETag. */
export interface Answer {
  json: string;
  etag: string;
  /** The html field (content blocks) or url field (homepage). */
  value: string;
  /** The content block answered (measured content and A/B variants name it), or null. */
  blockId: number | null;
}

export class ContentCaches {
  readonly stores: MicroCache<Store | null>;
  /** Serialised content answers, by kind, audience and slot. */
  readonly answers: MicroCache<Answer>;
  /** The homepage answer, by store. */
  readonly homepages: MicroCache<Answer>;
  /** Parsed content blocks, by kind. */
  readonly blocks: MicroCache<ContentBlock[]>;
  /** The published Site Settings. */
  readonly siteSettings: MicroCache<SiteSettings>;

  /** `lifetimeMs` 0 turns caching off (the XSS suite reads each poisoned row at once). */
  constructor(lifetimeMs = CONTENT_CACHE_MS) {
    this.stores = new MicroCache(lifetimeMs);
    this.answers = new MicroCache(lifetimeMs);
    this.homepages = new MicroCache(lifetimeMs);
    this.blocks = new MicroCache(lifetimeMs);
    this.siteSettings = new MicroCache(lifetimeMs);
  }

  /** A block of this kind was written by this server: its blocks and the answers made from them go now. */
  forgetBlocks(kind: ContentKind): void {
    this.blocks.clear(kind);
    this.answers.clear();
  }

  /** What pages are made of changed (another server moved page_cache_version): everything goes. */
  forgetAll(): void {
    for (const cache of [this.stores, this.answers, this.homepages, this.blocks, this.siteSettings]) cache.clear();
  }
}

const byDatabase = new WeakMap<Kysely<Database>, ContentCaches>();

/** A server's caches, made when it is built, with its configured lifetime. */
export function createContentCaches(db: Kysely<Database>, lifetimeMs: number): ContentCaches {
  const caches = new ContentCaches(lifetimeMs);
  byDatabase.set(db, caches);
  return caches;
}

/** The caches of the server that owns this database handle (one handle per server). */
export function contentCachesOf(db: Kysely<Database>): ContentCaches {
  let caches = byDatabase.get(db);
  if (!caches) {
    caches = new ContentCaches();
    byDatabase.set(db, caches);
  }
  return caches;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentCaches: ContentCaches;
  }
}
