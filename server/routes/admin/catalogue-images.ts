import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { imageSrcset, imageUrl, imageWidths } from '../../../core/wire/catalogue-admin';
import { ApiError, errors } from '../../errors';
import { storeCatalogueImage } from '../../services/catalogue/images';
import { writeLog } from '../../services/editor/debug-log';
import { defaultUploadsDir, LocalFolderStorage } from '../../services/editor/storage';
import { UPLOAD_MAX_BYTES } from '../../services/editor/upload-rules';
import { answers, withSchemas } from '../../validation';
import { readUploadedFile } from '../uploaded-file';
import * as catalogue from '../../../core/api/catalogue';
import * as C from '../../../core/api/schemas/catalogue';
import { catalogueContext } from './catalogue-common';

// Catalogue images (docs/catalogue.md): uploads resized to the stored sizes, and those sizes served publicly.

export async function catalogueImageRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const { db, guard } = catalogueContext(app);
  const storage = new LocalFolderStorage(defaultUploadsDir(app.config));
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  // ---- images: multipart POST with the field `file`; the answer is the stored set to put in a product or recipe.
  app.post(
    catalogue.uploadImage.path,
    { preValidation: guard, schema: { response: answers(catalogue.uploadImage, C.image, 201) } },
    async (request, reply) => {
      const user = request.visitor.user!;
      const reject = async (name: string, reason: string) => {
        await writeLog(db, 'warning', `Rejected catalogue image ${name}: ${reason}`, { file: name, reason, user_id: user.id });
        return new ApiError(400, 'upload_rejected', reason, { params: { file: reason } });
      };
      const { name, body, part } = await readUploadedFile(request, reject);
      const outcome = await storeCatalogueImage(db, storage, {
        name,
        declaredType: part.mimetype,
        body,
        truncated: part.file.truncated,
        userId: user.id,
      });
      if (!outcome.ok) throw await reject(name, outcome.reason);
      await writeLog(db, 'info', `Accepted catalogue image ${name} (${outcome.image.width}×${outcome.image.height})`, {
        file: name,
        key: outcome.image.key,
        user_id: user.id,
      });
      const widths = imageWidths(outcome.image);
      return reply
        .code(201)
        .send({ image: outcome.image, srcset: imageSrcset(outcome.image), src: imageUrl(outcome.image.key, widths[widths.length - 1]) });
    },
  );

  // Public: the stored sizes of catalogue images. Any other name is a 404, never a 400.
  app.get('/media/catalogue/:file', { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const { file } = request.params;
    if (!/^[a-z0-9-]{8,80}-(160|320|640|1200)\.webp$/.test(file)) throw errors.missing('Image');
    const row = await db.selectFrom('uploads').select(['storage_key']).where('storage_key', '=', file).executeTakeFirst();
    const body = row ? await storage.get(row.storage_key) : null;
    if (!row || !body) throw errors.missing('Image');
    return reply
      .type('image/webp')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(body);
  });
}
