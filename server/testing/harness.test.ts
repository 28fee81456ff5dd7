import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestServer, TEST_SERVER_ENV } from './harness';

// A test server closes at once whatever its clients left open: a request whose body is still on its way (the
// state a connection stays in when it was answered before its body was read) kept close() waiting for the
// client, and afterAll hit its 120 s timeout.
it('closes with a request still in progress on one of its connections', async () => {
  // The server's own request timeout (30 s) would end the wait too: take it out of the picture.
  const connections = { ...loadConfig(TEST_SERVER_ENV).connections, requestTimeoutMs: 10 * 60_000 };
  const server = await startTestServer({ connections });
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  const hungUp = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    'POST /api/shop/v1/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"na',
  );
  // The server has parsed the headers when it answers a first request on another connection after this one.
  await fetch(`${server.url}/healthz`).then((r) => r.text());
  await server.close();
  await hungUp;
  expect(socket.destroyed).toBe(true);
}, 20_000);
