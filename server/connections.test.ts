import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startTestServer, type TestServer } from './testing/harness';

// Idle connections must not hold the server: a cap on open connections and timeouts for idle and slow clients
// (the production values are in config.ts and the README; small ones here so the test is quick).

let server: TestServer;
beforeAll(async () => {
  const connections = { ...loadConfig({}).connections, maxConnections: 5, idleTimeoutMs: 1500 };
  server = await startTestServer({ connections });
});
afterAll(async () => server.close());

interface Opened {
  socket: Socket;
  closed: Promise<void>;
  isClosed: () => boolean;
}

function open(): Promise<Opened> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    let done = false;
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise<void>((r) => socket.once('close', () => ((done = true), r())));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed, isClosed: () => done }));
    socket.once('error', reject);
  });
}

describe('connection limits', () => {
  it('closes connections beyond the cap at once and idle ones after the idle timeout', async () => {
    const sockets: Opened[] = [];
    for (let i = 0; i < 8; i++) sockets.push(await open());
    // The three over the cap are closed by the server without waiting for anything.
    await expect.poll(() => sockets.filter((s) => s.isClosed()).length, { timeout: 1000 }).toBe(3);
    // A slow client that never finishes its headers is closed too: every socket ends without us closing it.
    sockets[0].socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    await Promise.all(sockets.map((s) => s.closed));
    const res = await fetch(`${server.url}/api/shop/v1/stores`);
    expect(res.status).toBe(200);
  });

  it('sets production timeouts well under a minute and caps requests per socket', () => {
    const limits = loadConfig({}).connections;
    expect(server.app.server.headersTimeout).toBe(limits.headersTimeoutMs);
    expect(limits.headersTimeoutMs).toBeLessThan(60_000);
    expect(limits.requestTimeoutMs).toBeLessThan(60_000);
    expect(server.app.server.maxRequestsPerSocket).toBe(limits.maxRequestsPerSocket);
    expect(loadConfig({ MAX_CONNECTIONS: '300' }).connections.maxConnections).toBe(300);
    expect(() => loadConfig({ MAX_CONNECTIONS: 'lots' })).toThrow(/MAX_CONNECTIONS/);
  });
});
