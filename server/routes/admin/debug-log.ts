import type { FastifyInstance } from 'fastify';
import { requireCapability } from '../../auth/guards';
import { clearLog, readLog } from '../../services/editor/debug-log';

export const DEBUG_LOG_BASE = '/wp-json/site/v1/debug-log';

// The file-uploads debug log for administrators: list, download (POST, empty body → {data}) and clear.
export async function debugLogRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const admin = { preValidation: requireCapability('manage_options') };
  app.get(DEBUG_LOG_BASE, admin, async () => ({ entries: await readLog(db) }));
  app.post(`${DEBUG_LOG_BASE}/download`, admin, async () => ({
    data: { log: 'file-uploads', generated_at: new Date().toISOString(), entries: await readLog(db, 5000) },
  }));
  app.post(`${DEBUG_LOG_BASE}/clear`, admin, async () => ({ cleared: await clearLog(db) }));
}
