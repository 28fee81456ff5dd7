import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// A closing server ends each keep-alive connection as soon as its answer has gone out. Node's close ends the
// connections that are idle at that moment; one whose answer was still on its way (a page still being compressed
// on a busy thread pool, a request body still arriving) turned idle afterwards and kept `app.close()` waiting for
// its keep-alive timeout: ten minutes in the tests (a test file's close hung past the hook timeout), five seconds
// or the drain cut in production (docs/operations.md, Readiness and shutdown).
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Answers not yet started say so, and Node ends their connection after them.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
  // Answers already under way when close began: end their connection once they have finished.
  app.addHook('onResponse', async (request) => {
    const socket = request.raw.socket;
    if (closing && socket instanceof Socket && !socket.destroyed) socket.end();
  });
}
