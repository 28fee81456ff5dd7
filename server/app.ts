import { installConnectionShare } from './plugins/connection-share';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { installAnonymousWriteLimit } from './auth/anonymous-write-limit';
import { schedulePruning } from './auth/pruning';
import { installSameOriginCheck } from './auth/same-origin';
import { visitorPlugin } from './auth/visitor';
import type { ServerConfig } from './config';
import type { Db } from './db/connection';
import { installDatabaseFileGuard } from './db/file-guard';
import { DomainHooks } from './domain-hooks';
import { clientErrorHandler } from './plugins/client-errors';
import { installRequestDeadline } from './plugins/request-deadline';
import { frameworkErrors, installErrorHandlers } from './plugins/errors';
import { installBodyDepthCheck } from './plugins/body-depth';
import { installNulByteCheck } from './plugins/nul-bytes';
import { installSecurityHeaders } from './plugins/security-headers';
import { installCompression } from './plugins/compression';
import { sendEncoded } from './render/encoded-forms';
import { installStopping, readinessPlugin } from './plugins/readiness';
import { metricsPlugin } from './plugins/metrics';
import { installRequestId, requestId } from './plugins/request-id';
import { installRequestTiming } from './plugins/request-timing';
import { loadAssets, type Assets } from './render/assets';
import { pageCachePlugin } from './render/page-cache';
import type { SiteSettings } from '../core/config/site-settings';
import { routeGroups } from './routes';
import { schemaErrorFormatter, serializerCompiler, validatorCompiler } from './validation';
import { createContentCaches } from './services/content/content-caches';
import { siteSettingsPlugin } from './plugins/site-settings';

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route (method, url and its input schemas), for the fuzz test and diagnostics. */
    routeList: RouteEntry[];
    assets: Assets;
    siteSettings: SiteSettings;
    config: ServerConfig;
  }
}

async function readSetting(db: Db, key: string): Promise<string | undefined> {
  return (await db.kysely.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** The nonce secret lives in the database so every server process signs and checks the same nonces. */
async function nonceSecret(db: Db): Promise<string> {
  const existing = await readSetting(db, 'nonce_secret');
  if (existing) return existing;
  const secret = randomBytes(32).toString('hex');
  await db.kysely
    .insertInto('settings')
    .values({ key: 'nonce_secret', value: secret })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readSetting(db, 'nonce_secret'))!;
}

/** Build output the browser needs: no build manifests (dot folders) and source maps only in development. */
export function isPublicAsset(path: string, development = process.env.NODE_ENV === 'development'): boolean {
  if (path.includes('/.') || path.endsWith('manifest.json')) return false;
  return development || !path.endsWith('.map');
}

export async function buildApp(db: Db, config: ServerConfig, options: { root?: string; logger?: boolean } = {}): Promise<FastifyInstance> {
  const root = options.root ?? process.cwd();
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // A hop count trusts that many proxies whatever their address (Fastify refuses a bare number): only for a
    // server that nothing but the proxy can reach. A list of proxy addresses is the safer setting.
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    connectionTimeout: config.connections.idleTimeoutMs,
    // The request timeout is a timer per request (plugins/request-deadline.ts): a route may lengthen its own.
    requestTimeout: 0,
    keepAliveTimeout: config.connections.keepAliveTimeoutMs,
    maxRequestsPerSocket: config.connections.maxRequestsPerSocket,
    routerOptions: { maxParamLength: 300 },
    // A stopping server serves what reached it (docs/operations.md, Readiness and shutdown) rather than 503.
    return503OnClosing: false,
    genReqId: requestId,
    clientErrorHandler,
    frameworkErrors,
  });
  app.server.maxConnections = config.connections.maxConnections;
  app.server.headersTimeout = config.connections.headersTimeoutMs;
  installConnectionShare(app.server, config.connections);
  installRequestDeadline(app.server, config.connections.requestTimeoutMs);
  app.decorate('db', db);
  app.decorate('contentCaches', createContentCaches(db.kysely, config.contentCacheMs));
  app.decorate('config', config);
  app.decorate('assets', loadAssets(root));
  app.decorate('nonceSecret', await nonceSecret(db));
  app.decorate('hooks', new DomainHooks());
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url, schema: route.schema });
  });

  installRequestId(app);
  installRequestTiming(app); // REQUEST_TIMING_FILE only (docs/performance.md, Scale)
  installStopping(app); // first: a stopping server turns reads back before any other work
  installErrorHandlers(app);
  await app.register(metricsPlugin); // after the error handlers: its routes answer errors in the house shape
  // Route inputs are zod schemas on each route (server/validation.ts): one compiler, one error shape.
  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter(schemaErrorFormatter);
  app.setSerializerCompiler(serializerCompiler); // 2xx answers by their response schemas (core/api/)
  installSecurityHeaders(app);
  await installCompression(app);
  await app.register(fastifyCookie);
  await app.register(visitorPlugin);
  installSameOriginCheck(app);
  installNulByteCheck(app);
  installBodyDepthCheck(app);
  installAnonymousWriteLimit(app); // last of the preValidation hooks: after the nonce, NUL and depth checks
  if (db.dialect === 'sqlite') installDatabaseFileGuard(app, config.sqlitePath);
  schedulePruning(app);
  await app.register(readinessPlugin);
  await app.register(pageCachePlugin, { maxBytes: config.pageCacheBytes });
  await app.register(siteSettingsPlugin); // after the page cache: see plugins/site-settings.ts

  // Hashed build output: cache forever.
  await app.register(fastifyStatic, {
    root: join(root, 'dist'),
    prefix: '/assets/',
    allowedPath: (path) => (path.startsWith('/runtime/') || path.startsWith('/app/')) && isPublicAsset(path),
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: true,
    preCompressed: true, // the .br and .gz copies the build made (scripts/precompress.mjs)
  });
  const siteCss = {
    ...app.assets.siteCss,
    identity: Buffer.from(app.assets.siteCss.body),
    tag: /site-(\w+)\.css$/.exec(app.assets.siteCss.url)?.[1],
  };
  app.get(siteCss.url, async (request, reply) =>
    sendEncoded(request, reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=31536000, immutable'), siteCss),
  );

  // Named, still encapsulated: Fastify names an unnamed plugin by scanning every module in require.cache for it, two
  // scans a registration, about 30 ms of a test server's start (docs/testing.md, What keeps it cheap).
  for (const group of routeGroups) await app.register(fp(group, { name: group.name, encapsulate: true }));
  return app;
}
