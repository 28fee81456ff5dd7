import { statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';

// The SQLite file deleted (or replaced) while the server runs: SQLite keeps writing into the unlinked file and
// every acknowledged write would vanish with the process. The file's identity (device + inode) is taken at
// start and compared before each write; a mismatch answers 503 and the health check reports it.

export type FileIdentity = string | null;

export function fileIdentity(path: string): FileIdentity {
  try {
    const s = statSync(path);
    return `${s.dev}:${s.ino}`;
  } catch {
    return null;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installDatabaseFileGuard(app: FastifyInstance, sqlitePath: string | undefined): void {
  const expected = sqlitePath && sqlitePath !== ':memory:' ? fileIdentity(sqlitePath) : null;
  const intact = () => expected === null || fileIdentity(sqlitePath!) === expected;
  app.addHook('onRequest', async (request) => {
    if (!SAFE.has(request.method) && !intact()) throw errors.unavailable();
  });
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!intact()) return reply.code(503).send({ status: 'database file missing or replaced' });
    return { status: 'ok' };
  });
}
