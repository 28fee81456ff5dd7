import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../../auth/guards';
import { clearLog, readLog } from '../../services/editor/debug-log';
import * as adminApi from '../../../core/api/admin';
import * as S from '../../../core/api/schemas/admin';
import { answers } from '../../validation';

// The file-uploads debug log for administrators: list, download (POST, empty body → {data}) and clear.
export async function debugLogRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const admin = { preValidation: requireCapability('manage_options') };
  app.get(adminApi.debugLog.path, { ...admin, schema: { response: answers(adminApi.debugLog, S.debugLog) } }, async () => ({
    entries: await readLog(db),
  }));
  app.post(
    adminApi.downloadDebugLog.path,
    { ...admin, schema: { response: answers(adminApi.downloadDebugLog, S.debugLogDownload) } },
    async () => ({
      data: { log: 'file-uploads', generated_at: new Date().toISOString(), entries: await readLog(db, 5000) },
    }),
  );
  app.post(
    adminApi.clearDebugLog.path,
    { ...admin, schema: { response: answers(adminApi.clearDebugLog, S.debugLogCleared) } },
    async () => ({ cleared: await clearLog(db) }),
  );
}
