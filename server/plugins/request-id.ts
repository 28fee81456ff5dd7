import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// Every request has an id: the proxy's X-Request-Id when it sent a sane one (nginx's $request_id), a new UUID
// otherwise. Fastify puts it on every log line of the request (`reqId`), the response carries it in X-Request-Id,
// and a 5xx page shows it, so a shopper's report can be matched to a log line.

const SANE = /^[\w.:-]{8,128}$/;

export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID();
}

export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}
