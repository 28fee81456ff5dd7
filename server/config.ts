import { isIP } from 'node:net';
import { ANONYMOUS_WRITE_LIMIT } from './auth/anonymous-write-limit';
import type { Limit } from './services/rate-limit';
import { CONTENT_CACHE_MS } from './services/content/micro-cache';
import { parseImportNice } from './services/catalogue/import-priority';

// Server settings from the environment, with the defaults `npm start` uses.
export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl?: string;
  sqlitePath: string;
  /**
   * The reverse proxies in front: a hop count or their addresses (CIDR allowed); false trusts none. Only those
   * hops' X-Forwarded-For / -Proto entries are believed, so a client cannot pick its own address.
   */
  trustProxy: number | string[] | false;
  version: string;
  logLevel: string;
  /** demo: seeds the documented demo accounts; production: never a known password (see docs/operations.md, "Production set-up"). */
  mode: 'demo' | 'production';
  /** The public origin (https://shop.example.com), used for absolute links instead of the Host header. */
  siteUrl?: string;
  connections: ConnectionLimits;
  /**
   * Build the search indexes and the home page once listening (docs/operations.md, Readiness); on unless false.
   * In-process test servers turn it off (server/testing/harness.ts), and test server processes (WARM_UP=0): the first
   * search builds its index instead.
   */
  warmUp?: boolean;
  /** Anonymous REST writes one address may make per window (ANONYMOUS_WRITE_LIMIT per 10 minutes). */
  anonymousWrites: Limit;
  /** How long a server keeps content answers (CONTENT_CACHE_MS; other servers agree within this time). */
  contentCacheMs: number;
  /** Who may read GET /metrics (METRICS_ALLOW): addresses and CIDR blocks, loopback by default. */
  metricsAllow: string[];
  /** What the full-page cache may hold, in bytes (PAGE_CACHE_BYTES, 24 MiB; server/render/page-cache.ts). */
  pageCacheBytes: number;
  /** The largest feed file a browser may upload (IMPORT_MAX_BYTES, docs/imports.md). */
  importMaxBytes: number;
  /**
   * IMPORT_UPLOAD_TIMEOUT_MS: how long a feed upload's body may take, for a merchandiser or administrator only (every
   * other request has `connections.requestTimeoutMs`); default 30 minutes (docs/imports.md).
   */
  importUploadTimeoutMs: number;
  /** IMPORT_NICE: the nice value (0–19, default 10) an import's thread runs at beside the shoppers (docs/imports.md). */
  importNice: number;
  /**
   * PROXY_DRAIN_MS: on SIGTERM, keep listening up to this long (0 = off, at most 5000) so a retrying proxy learns
   * the server is stopping before its listening socket closes (docs/operations.md, Rolling restarts).
   */
  proxyDrainMs: number;
  /** SMTP_URL (smtp://user:pass@host:port): the server Form widgets' notification e-mails go through; none: no e-mail. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of those e-mails. */
  mailFrom: string;
}

/** Idle and slow clients must not hold the server: see docs/security.md, "Limits". */
export interface ConnectionLimits {
  /** Open connections at most (MAX_CONNECTIONS); more are closed at once. */
  maxConnections: number;
  /** A connection with no traffic for this long is closed. */
  idleTimeoutMs: number;
  /** The request headers must arrive within this time… */
  headersTimeoutMs: number;
  /** …and the whole request within this one. */
  requestTimeoutMs: number;
  /**
   * An idle keep-alive connection is closed after this long (KEEP_ALIVE_TIMEOUT_MS). Behind a proxy that keeps
   * its upstream connections open, set it above the proxy's idle timeout: a connection closed by the server just
   * as the proxy reuses it fails that request.
   */
  keepAliveTimeoutMs: number;
  maxRequestsPerSocket: number;
  /**
   * Open connections one address (an IPv6 /64) may hold (MAX_CONNECTIONS_PER_ADDRESS; 0 = no share): one client
   * cannot take every place. Off by default behind a proxy (TRUST_PROXY), where every connection comes from the
   * proxy, which then limits per client (docs/security.md).
   */
  maxConnectionsPerAddress: number;
  /** A connection that has sent nothing for this long is closed (silent sockets hold places too). */
  silentTimeoutMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: env.SQLITE_PATH ?? 'data/site.db',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    version: env.npm_package_version ?? '0.1.0',
    logLevel: env.LOG_LEVEL ?? 'warn',
    mode: parseMode(env.SITE_MODE),
    siteUrl: parseSiteUrl(env.SITE_URL),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Website forms <forms@localhost>',
    connections: {
      maxConnections: positiveInt('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 2000),
      idleTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: positiveInt('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
      maxRequestsPerSocket: 1000,
      maxConnectionsPerAddress:
        env.MAX_CONNECTIONS_PER_ADDRESS === '0'
          ? 0
          : positiveInt(
              'MAX_CONNECTIONS_PER_ADDRESS',
              env.MAX_CONNECTIONS_PER_ADDRESS,
              parseTrustProxy(env.TRUST_PROXY) === false
                ? Math.max(1, Math.floor(positiveInt('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 2000) / 10))
                : 0,
            ),
      silentTimeoutMs: 5_000,
    },
    anonymousWrites: {
      ...ANONYMOUS_WRITE_LIMIT,
      max: positiveInt('ANONYMOUS_WRITE_LIMIT', env.ANONYMOUS_WRITE_LIMIT, ANONYMOUS_WRITE_LIMIT.max),
    },
    contentCacheMs: env.CONTENT_CACHE_MS === '0' ? 0 : positiveInt('CONTENT_CACHE_MS', env.CONTENT_CACHE_MS, CONTENT_CACHE_MS),
    metricsAllow: parseMetricsAllow(env.METRICS_ALLOW),
    pageCacheBytes: positiveInt('PAGE_CACHE_BYTES', env.PAGE_CACHE_BYTES, 24 * 1024 * 1024),
    importMaxBytes: positiveInt('IMPORT_MAX_BYTES', env.IMPORT_MAX_BYTES, 256 * 1024 * 1024),
    importUploadTimeoutMs: positiveInt('IMPORT_UPLOAD_TIMEOUT_MS', env.IMPORT_UPLOAD_TIMEOUT_MS, 30 * 60_000),
    importNice: parseImportNice(env.IMPORT_NICE),
    proxyDrainMs: parseProxyDrainMs(env.PROXY_DRAIN_MS),
    // WARM_UP=0: no warm-up (test server processes whose subject is not the start; docs/testing.md).
    ...(env.WARM_UP === '0' ? { warmUp: false } : {}),
  };
}

/** PROXY_DRAIN_MS: 0 (off) to 5000; the whole stop must fit in the 10 s a process manager gives. */
export function parseProxyDrainMs(value: string | undefined): number {
  if (value === undefined || value === '' || value === '0') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 5_000)
    throw new Error(`PROXY_DRAIN_MS must be a whole number of milliseconds from 0 to 5000, got "${value}"`);
  return n;
}

/** METRICS_ALLOW: a comma list of addresses / CIDRs; unset means loopback only. */
export function parseMetricsAllow(value: string | undefined): string[] {
  const text = (value ?? '').trim();
  if (text === '') return ['127.0.0.0/8', '::1'];
  const list = text.split(',').map((part) => part.trim());
  if (!list.every(isAddressOrCidr)) throw new Error(`METRICS_ALLOW must be a list of addresses or CIDR blocks, got "${value}"`);
  return list;
}

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** TRUST_PROXY: unset or 0 = no proxy, N = N proxy hops, or a comma list of the proxies' addresses / CIDRs. */
export function parseTrustProxy(value: string | undefined): number | string[] | false {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text.split(',').map((part) => part.trim());
  const valid = list.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    return isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
  });
  if (!valid) throw new Error(`TRUST_PROXY must be a number of proxy hops or a list of proxy addresses, got "${value}"`);
  return list;
}

function parseMode(value: string | undefined): 'demo' | 'production' {
  if (value === undefined || value === '' || value === 'demo') return 'demo';
  if (value === 'production') return 'production';
  throw new Error(`SITE_MODE must be "demo" or "production", got "${value}"`);
}

function parseSiteUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_URL must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`SITE_URL must be an absolute http(s) URL, got "${value}"`);
  return url.origin;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}
