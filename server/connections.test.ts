import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startTestServer, type TestServer } from './testing/harness';

// Idle connections must not hold the server: a cap on open connections and timeouts for idle and slow clients
// (the production values are in config.ts and docs/security.md; small ones here so the test is quick).

let server: TestServer;
beforeAll(async () => {
  // An idle timeout far beyond any test step: connections the cap refuses are told apart from idle ones by
  // which sockets close, not by how soon (a loaded machine can stall for seconds).
  const connections = { ...loadConfig({}).connections, maxConnections: 5, idleTimeoutMs: 120_000, silentTimeoutMs: 120_000 };
  server = await startTestServer({ connections });
});
afterAll(async () => server.close());

interface Opened {
  socket: Socket;
  closed: Promise<void>;
  isClosed: () => boolean;
}

function open(of: TestServer = server, localAddress = '127.0.0.1'): Promise<Opened> {
  const { port } = new URL(of.url);
  return new Promise((resolve, reject) => {
    let done = false;
    const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress });
    const closed = new Promise<void>((r) => socket.once('close', () => ((done = true), r())));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed, isClosed: () => done }));
    socket.once('error', reject);
  });
}

describe('connection limits', () => {
  it('closes the connections beyond the cap at once and keeps the others', async () => {
    const sockets: Opened[] = [];
    for (let i = 0; i < 8; i++) sockets.push(await open());
    // The three over the cap are closed by the server without waiting for anything.
    await expect.poll(() => sockets.filter((s) => s.isClosed()).length, { timeout: 30_000 }).toBe(3);
    expect(sockets.map((s) => s.isClosed())).toEqual([false, false, false, false, false, true, true, true]);
    for (const s of sockets) s.socket.destroy();
    await Promise.all(sockets.map((s) => s.closed));
  });

  it('closes idle connections and slow clients after the idle timeout', async () => {
    expect(server.app.server.timeout).toBe(120_000); // the configured idle timeout reaches the server
    // Sockets accepted from now on get a short one, so this test waits for the close, not for two minutes.
    server.app.server.timeout = 300;
    const idle = await open();
    const slow = await open();
    // A slow client that never finishes its headers is closed too: both end without us closing them.
    slow.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    await Promise.all([idle.closed, slow.closed]);
    const res = await fetch(`${server.url}/api/shop/v1/stores`);
    expect(res.status).toBe(200);
  });

  it('sets production timeouts well under a minute and caps requests per socket', () => {
    const limits = loadConfig({}).connections;
    expect(server.app.server.headersTimeout).toBe(limits.headersTimeoutMs);
    expect(limits.headersTimeoutMs).toBeLessThan(60_000);
    expect(limits.requestTimeoutMs).toBeLessThan(60_000);
    expect(server.app.server.maxRequestsPerSocket).toBe(limits.maxRequestsPerSocket);
    expect(limits.keepAliveTimeoutMs).toBe(5_000);
    // Longer behind a proxy that keeps idle upstream connections (its idle timeout must end first).
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '75000' }).connections.keepAliveTimeoutMs).toBe(75_000);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '5s' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(loadConfig({ MAX_CONNECTIONS: '300' }).connections.maxConnections).toBe(300);
    expect(() => loadConfig({ MAX_CONNECTIONS: 'lots' })).toThrow(/MAX_CONNECTIONS/);
  });
});

// Issue 32, finding 10: 2,100 slow-header sockets from one client locked every other client out. Each address gets
// a share of the connections, and a socket that sends nothing is closed after a short time.
describe('one client cannot hold every connection', () => {
  let shared: TestServer;
  beforeAll(async () => {
    const connections = {
      ...loadConfig({}).connections,
      maxConnections: 40,
      maxConnectionsPerAddress: 10,
      idleTimeoutMs: 120_000,
      silentTimeoutMs: 120_000,
    };
    shared = await startTestServer({ connections });
  });
  afterAll(async () => shared?.close());

  /** A GET from another client (its own loopback address), as a second shopper. */
  const getFrom = (localAddress: string, path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(`${shared.url}${path}`, { localAddress, agent: false }, (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      });
      req.once('error', reject);
      req.end();
    });

  it('keeps 10 of 60 slow-header sockets from one client, and a second client still gets in', async () => {
    const flood: Opened[] = [];
    for (let i = 0; i < 60; i++) {
      const s = await open(shared, '127.0.0.1');
      s.socket.write('GET / HTTP/1.1\r\nHost: x\r\n'); // headers started, never finished
      flood.push(s);
    }
    await expect.poll(() => flood.filter((s) => s.isClosed()).length, { timeout: 30_000 }).toBe(50);
    expect(flood.slice(0, 10).every((s) => !s.isClosed())).toBe(true);
    // The flooding client's share is full, the server is not: another client is served.
    expect(await getFrom('127.0.0.2', '/api/shop/v1/stores')).toBe(200);
    expect(await getFrom('127.0.0.3', '/')).toBe(200);
    for (const s of flood) s.socket.destroy();
    await Promise.all(flood.map((s) => s.closed));
  });

  it('closes a socket that sends nothing after the short silent timeout, not one that is talking', async () => {
    const quick = await startTestServer({ connections: { ...loadConfig({}).connections, silentTimeoutMs: 300, idleTimeoutMs: 120_000 } });
    try {
      const silent = await open(quick);
      const talking = await open(quick);
      talking.socket.write('GET /api/shop/v1/stores HTTP/1.1\r\nHost: x\r\n\r\n');
      await silent.closed;
      expect(talking.isClosed()).toBe(false);
      talking.socket.destroy();
    } finally {
      await quick.close();
    }
  });

  it('gives each address a tenth of MAX_CONNECTIONS by default, and no share behind a proxy (which limits per client)', () => {
    expect(loadConfig({ MAX_CONNECTIONS: '2000' }).connections.maxConnectionsPerAddress).toBe(200);
    expect(loadConfig({ TRUST_PROXY: '1' }).connections.maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '50' }).connections.maxConnectionsPerAddress).toBe(50);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });
});
