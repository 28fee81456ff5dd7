import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { exactClientAddress } from '../auth/anonymous-write-limit';
import { errors } from '../errors';
import { dbPoolConnections, httpDuration, httpRequests, rateLimitRefusals, registry } from '../metrics';

// `GET /metrics` in Prometheus' text format, only for the addresses in METRICS_ALLOW (loopback by default; 403
// for anyone else), and the per-request series: rate and latency by route pattern and status, 429 refusals.
// See docs/operations.md, Metrics.

/** A list of addresses and CIDR blocks as a matcher (IPv4-mapped IPv6 addresses match their IPv4 form). */
export function addressMatcher(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const type = isIP(plain);
    return type !== 0 && list.check(plain, type === 6 ? 'ipv6' : 'ipv4');
  };
}

const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const allowed = addressMatcher(app.config.metricsAllow);
  const proxied = app.config.trustProxy !== false;

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) rateLimitRefusals.inc({ route: labels.route });
  });

  app.get('/metrics', async (request, reply) => {
    // request.ip is the client's address as far as TRUST_PROXY lets it be known. A forwarded request through a
    // proxy that is not trusted shows the proxy's (often loopback) address: refused, whoever the client is.
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (!allowed(exactClientAddress(request)) || (forwarded && !proxied))
      throw errors.forbidden('Metrics are served only to the addresses in METRICS_ALLOW.');
    const pool = app.db.pool?.();
    if (pool) for (const [state, n] of Object.entries(pool)) dbPoolConnections.set({ state }, n);
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});
