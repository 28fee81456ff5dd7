import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { spawnServerProcess, startTestServer, type TestServer } from './testing/harness';

// Readiness (/readyz: migrated, database reachable, warmed up, not draining) and a clean stop on SIGTERM:
// the listening socket closes, a request in flight finishes, idle connections do not hold the exit, exit code 0
// within 10 s.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ warmUp: true });
});
afterAll(async () => server.close().catch(() => undefined));

const readyz = async (url: string) => {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, boolean> } };
};

describe('/readyz', () => {
  it('turns ready once warmed up, with every check named', async () => {
    await expect.poll(async () => (await readyz(server.url)).status).toBe(200);
    const { body } = await readyz(server.url);
    expect(body).toEqual({ status: 'ready', checks: { database: true, migrated: true, warm: true, accepting: true } });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('warms up unless WARM_UP=0 (what test server processes set)', () => {
    expect(loadConfig({}).warmUp).not.toBe(false);
    expect(loadConfig({ WARM_UP: '1' }).warmUp).not.toBe(false);
    expect(loadConfig({ WARM_UP: '0' }).warmUp).toBe(false);
  });

  it('is not ready while a migration this code knows is missing from the database', async () => {
    const db = server.db.kysely;
    const last = await sql<{
      name: string;
      timestamp: string;
    }>`SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
    const { name, timestamp } = last.rows[0];
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(db);
    try {
      const r = await readyz(server.url);
      expect(r.status).toBe(503);
      expect(r.body.checks).toMatchObject({ database: true, migrated: false });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${timestamp})`.execute(db);
    }
    expect((await readyz(server.url)).status).toBe(200);
  });

  it('is not ready, and says so at once, when the database does not answer', async () => {
    await server.db.kysely.destroy();
    const r = await readyz(server.url);
    expect(r.status).toBe(503);
    expect(r.body.checks).toMatchObject({ database: false, migrated: false });
    expect(r.body.status).toBe('not ready');
  });
});

/** Reads from a socket until `done(text)` holds or it closes. */
function readUntil(socket: Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const finish = () => resolve(text);
    socket.on('data', (c: Buffer) => {
      text += c.toString();
      if (done(text)) finish();
    });
    socket.once('close', finish);
  });
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });

describe('SIGTERM', () => {
  it('stops accepting, lets the request in flight finish, and exits 0 within 10 s', async () => {
    const clone = await startTestServer();
    const proc = await spawnServerProcess(clone.database);
    try {
      const port = Number(new URL(proc.url).port);
      // An idle keep-alive connection, which must not hold the exit.
      const idle = await fetch(`${proc.url}/healthz`, { headers: { connection: 'keep-alive' } });
      expect(idle.status).toBe(200);

      // A request in flight: its headers and half of its body are in, the rest comes after SIGTERM.
      const socket = connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      const body = JSON.stringify({ email: 'casey@example.test', password: 'not-the-password' });
      const half = Math.floor(body.length / 2);
      const response = readUntil(socket, (t) => t.includes('\r\n\r\n') && /\}\s*$/.test(t));
      socket.write(
        `POST /api/shop/v1/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        proc.child.once('exit', (code) => resolve({ code, at: Date.now() })),
      );
      const termAt = Date.now();
      proc.child.kill('SIGTERM');
      // New connections are refused while the process is still there, draining.
      await expect.poll(() => refused(port)).toBe(true);
      expect(proc.child.exitCode).toBeNull();

      socket.write(body.slice(half));
      const answer = await response;
      socket.destroy();
      expect(answer).toMatch(/^HTTP\/1\.1 (401|403) /);
      expect(answer).toMatch(/"code":"rest_/);
      // The client learns the connection ends with this answer rather than meeting a closed socket next time.
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);

      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - termAt).toBeLessThan(10_000);
    } finally {
      await proc.close();
      await clone.close();
    }
  }, 180_000); // a server process to start: slow on a loaded machine
});
