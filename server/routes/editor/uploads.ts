import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { ApiError, errors } from '../../errors';
import { writeLog } from '../../services/editor/debug-log';
import { defaultUploadsDir, LocalFolderStorage, type FileStorage } from '../../services/editor/storage';
import { checkUpload, UPLOAD_MAX_BYTES } from '../../services/editor/upload-rules';
import { answers, withSchemas } from '../../validation';
import { readUploadedFile } from '../uploaded-file';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

// Rich-text image upload: multipart POST with field `file`, answering {location}. Every accepted and
// rejected upload is written to the file-uploads debug log with its reason.
export async function uploadRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  if (!app.hasDecorator('fileStorage')) app.decorate('fileStorage', new LocalFolderStorage(defaultUploadsDir(app.config)));
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    editorApi.upload.path,
    { preValidation: requireCapability('edit_content'), schema: { response: answers(editorApi.upload, S.uploaded) } },
    async (request) => {
      const user = request.visitor.user!;
      const reject = async (name: string, reason: string, extra: Record<string, unknown> = {}) => {
        await writeLog(db, 'warning', `Rejected upload ${name}: ${reason}`, { file: name, reason, user_id: user.id, ...extra });
        return new ApiError(400, 'upload_rejected', reason);
      };
      const { name, body, part } = await readUploadedFile(request, reject);
      const verdict = checkUpload({
        name,
        declaredType: part.mimetype,
        size: body.length,
        truncated: part.file.truncated,
        head: body.subarray(0, 512),
      });
      if (!verdict.ok) throw await reject(name, verdict.reason, { declared_type: part.mimetype, size: body.length });
      const key = `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${verdict.kind.ext}`;
      await app.fileStorage.put(key, body, verdict.kind.mime);
      const location = `/uploads/${key}`;
      await db
        .insertInto('uploads')
        .values({
          storage_key: key,
          original_name: name,
          mime: verdict.kind.mime,
          size: body.length,
          url: location,
          user_id: user.id,
          created_at: Date.now(),
        })
        .execute();
      await writeLog(db, 'info', `Accepted upload ${name} (${verdict.kind.mime}, ${body.length} bytes)`, {
        file: name,
        mime: verdict.kind.mime,
        size: body.length,
        location,
        user_id: user.id,
      });
      return { location };
    },
  );

  // Any name is a file that may not exist (404), never a bad request.
  app.get('/uploads/:file', { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const { file } = request.params;
    if (!/^[a-z0-9-]{1,80}\.(png|jpg|gif|webp)$/.test(file)) throw errors.missing('File');
    const row = await db.selectFrom('uploads').select(['storage_key', 'mime']).where('storage_key', '=', file).executeTakeFirst();
    const body = row ? await app.fileStorage.get(row.storage_key) : null;
    if (!row || !body) throw errors.missing('File');
    return reply
      .type(row.mime)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(body);
  });
}
