import { once } from 'node:events';
import { connect } from 'node:net';
import { expect, it, vi } from 'vitest';
import { startTestServer } from '../testing/harness';

// A closing server ends a keep-alive connection once its answer has gone out (installStopping, server/plugins/readiness.ts):
// a connection that was busy when close began used to stay open for the keep-alive timeout (ten minutes in the
// tests), and the test file's close hung past its hook timeout.

/** `promise`, or a rejection naming what did not happen once `signal` aborts. */
function before<T>(promise: Promise<T>, signal: AbortSignal, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error(`${what} did not happen before the deadline`)), { once: true });
    }),
  ]);
}

it('ends a keep-alive connection whose request was still arriving when close began, and close resolves', async () => {
  const server = await startTestServer();
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = once(socket, 'end');

  // The headers and half the body: the server has a request under way, so its connection is not idle.
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-a-password' });
  const arrived = once(server.app.server, 'request');
  socket.write(
    `POST /api/shop/v1/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  await arrived;

  // The server's own close (the harness's close() would cut every connection at once, answered or not).
  const closed = server.app.close();
  await vi.waitFor(() => expect(server.app.server.listening).toBe(false)); // close has begun: no new connections
  socket.write(body.slice(10));

  // Generous deadlines for a loaded machine; without the fix neither ever comes (the keep-alive timeout is 10 min).
  const deadline = AbortSignal.timeout(30_000);
  await before(ended, deadline, 'the server ending the connection after its answer');
  expect(answer).toMatch(/^HTTP\/1\.1 [45]\d\d /); // the request was answered, not cut
  expect(answer.toLowerCase()).toContain('connection: close');
  await before(closed, deadline, 'the server closing');
  socket.destroy();
  await server.close();
});

// A connection accepted before close began whose request had not been read yet (its bytes were in, unread, as the
// SIGTERM was handled in the same turn of the event loop; or they were still on their way) counted as idle on Node
// 26: its close destroyed the connection and the client met a reset instead of an answer. server/readiness.test.ts
// failed so on Node 26 about one run in three; Node 20 and 24 answer it.
it.each([
  ['arrived but not yet read', true],
  ['still on its way', false],
])('answers a request on a connection accepted before close began, its first bytes %s', async (_when, sentBefore) => {
  const server = await startTestServer();
  const { port } = new URL(server.url);
  const accepted = once(server.app.server, 'connection');
  const socket = connect(Number(port), '127.0.0.1');
  await Promise.all([once(socket, 'connect'), accepted]);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const reset = new Promise<string>((resolve) => socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error')));
  const ended = once(socket, 'end');

  const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-a-password' });
  const head =
    `POST /api/shop/v1/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`;
  if (sentBefore) socket.write(head);
  // In the same turn, before the server's side of the socket has read anything.
  const closed = server.app.close();
  await vi.waitFor(() => expect(server.app.server.listening).toBe(false));
  socket.write(sentBefore ? body.slice(10) : head + body.slice(10));

  const deadline = AbortSignal.timeout(30_000);
  const outcome = await before(Promise.race([ended.then(() => 'ended'), reset]), deadline, 'an answer or a reset');
  expect(outcome).toBe('ended');
  expect(answer).toMatch(/^HTTP\/1\.1 [45]\d\d /);
  await before(closed, deadline, 'the server closing');
  socket.destroy();
  await server.close();
});
