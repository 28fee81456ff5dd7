import type { IncomingMessage, Server, ServerResponse } from 'node:http';

// Slow clients must not hold the server (docs/security.md, "Limits"): a request's body must have arrived within the
// request timeout (requestTimeoutMs, 30 s) of its headers, else 408 and the connection closes. Node's own request
// timeout applies to every route alike, so a grocer's price file over an office link (120 MB) was refused like a
// slowloris; this one is a timer per request that a route may lengthen for itself once it knows who is asking
// (the feed upload, server/routes/admin/imports.ts, after its role check: docs/imports.md).

interface Deadline {
  server: Server;
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

// The requests whose body may still be on its way. Each entry goes when its request ends: left to a WeakMap, every
// request's timer, request and response outlived two young collections and were promoted (about 5 KB a request,
// a full collection every few seconds under load, +25 % CPU per content call).
const deadlines = new Map<IncomingMessage, Deadline>();

/** How many requests of `server` have a deadline running (a finished request has none). */
export const runningDeadlines = (server: Server): number => [...deadlines.values()].filter((d) => d.server === server).length;

/** Gives every request of `server` `ms` to finish sending its body (Node's own request timeout must be 0). */
export function installRequestDeadline(server: Server, ms: number): void {
  if (ms <= 0) return;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const done = () => {
      clearTimeout(deadlines.get(req)?.timer);
      deadlines.delete(req);
    };
    req.once('end', done);
    req.once('close', done);
    arm(server, req, res, ms);
  });
}

/** A route's own limit for this request's body, from now (it replaces the general one). */
export function setRequestDeadline(req: IncomingMessage, ms: number): void {
  const current = deadlines.get(req);
  if (!current) return;
  clearTimeout(current.timer);
  const server = (req.socket as { server?: Server }).server;
  if (server) arm(server, req, current.res, ms);
}

function arm(server: Server, req: IncomingMessage, res: ServerResponse, ms: number): void {
  const timer = setTimeout(() => {
    const socket = req.socket;
    if (req.complete || socket.destroyed) return;
    // An answer already on its way (an early 401 while the body still trickles in) cannot be followed by a 408.
    if (res.headersSent) return void socket.destroy();
    // What Node's own timeout raises: the client-error handler answers 408 in the REST shape and closes.
    const error = Object.assign(new Error('The request took too long.'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    server.emit('clientError', error, socket);
  }, ms);
  timer.unref();
  deadlines.set(req, { server, res, timer });
}
