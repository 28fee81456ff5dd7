import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { feedColumns, IMPORT_KINDS } from '../../../core/catalogue/rows';
import { type ImportDetail, type ImportHistory, type ImportSummary } from '../../../core/wire/imports';
import { can } from '../../services/capabilities';
import { ApiError, errors } from '../../errors';
import type { ImportsTable } from '../../db/schema';
import { acquireImportLock, runningImport } from '../../services/catalogue/import-lock';
import { createImportRow, importHooks, type ImportRequest, runImport } from '../../services/catalogue/import';
import { importProgress } from '../../metrics';
import { checkFeedFile, ImportFileError } from '../../services/catalogue/import-source';
import { runImportInWorker, workerCanOpen } from '../../services/catalogue/import-thread';
import { parseJson } from '../../services/users';
import { setRequestDeadline } from '../../plugins/request-deadline';
import { answers, idParams, withSchemas } from '../../validation';
import * as adminApi from '../../../core/api/admin';
import * as S from '../../../core/api/schemas/admin';

// Feed imports from the back office (docs/imports.md): upload a file (its raw bytes as the body) for a dry run,
// then apply that dry run's file; both run in the background and the screen polls their progress. Uploads over
// IMPORT_MAX_BYTES are refused before the body is read: by Content-Length, and by counting when it is absent.

const PER_PAGE = 25;

/** Test-only: runs when an import is about to take the lock (after its request was checked). */
export const importRouteHooks: { beforeLock: (() => Promise<void>) | null } = { beforeLock: null };
const KEEP_UPLOADS_MS = 24 * 60 * 60_000;

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');
const uploadQuery = z.object({
  kind: z.enum(IMPORT_KINDS, { error: `must be one of ${IMPORT_KINDS.join(', ')}` }),
  file_name: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .regex(/^[^\\/\0]*$/, 'must be a file name, not a path')
    .optional(),
  mode: z.enum(['dry-run', 'apply'], { error: 'must be dry-run or apply' }).default('dry-run'),
  complete: flag,
  skip_invalid: flag,
});
const applyQuery = z.object({ complete: flag, skip_invalid: flag });
const listQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/** Administrators and merchandisers (manage_catalogue); 401 before 403. */
async function requireCatalogueRole(request: FastifyRequest): Promise<void> {
  const user = request.visitor.user;
  if (!user) throw errors.notLoggedIn();
  if (!can(user, 'manage_catalogue')) throw errors.forbidden();
}

type Row = ImportsTable & {
  id: number;
  phase: string;
  rows_read: number;
  bytes_read: number;
  counts: string;
  result: string;
  options: string;
};

function summary(row: Row, dir: string): ImportSummary {
  return {
    id: row.id,
    kind: row.kind as ImportSummary['kind'],
    file_name: row.file_name,
    mode: row.mode as ImportSummary['mode'],
    options: parseJson(row.options, { complete: false, skip_invalid: false }),
    user_name: row.user_name,
    status: row.status as ImportSummary['status'],
    phase: row.phase,
    rows_read: Number(row.rows_read),
    bytes_read: Number(row.bytes_read),
    bytes_total: row.bytes_total === null ? null : Number(row.bytes_total),
    counts: parseJson(row.counts, {}),
    started_at: Number(row.started_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
    can_apply: row.mode === 'dry-run' && row.status === 'dry-run' && !!row.file_key && existsSync(join(dir, row.file_key)),
  };
}

function detail(row: Row, dir: string): ImportDetail {
  const result = parseJson<Partial<Pick<ImportDetail, 'rejected' | 'rejected_total' | 'sample' | 'error'>>>(row.result, {});
  return {
    ...summary(row, dir),
    rejected: result.rejected ?? [],
    rejected_total: result.rejected_total ?? 0,
    sample: result.sample ?? { new: [], changed: [], removed: [] },
    error: result.error ?? null,
  };
}

export async function importRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db;
  const maxBytes = app.config.importMaxBytes;
  const dir =
    process.env.IMPORTS_DIR ??
    (app.config.databaseUrl || !app.config.sqlitePath ? join('data', 'imports') : join(dirname(app.config.sqlitePath), 'imports'));
  const running = new Set<Promise<unknown>>();
  const database = { databaseUrl: app.config.databaseUrl, sqlitePath: app.config.sqlitePath };
  const testHooks = () => (['onCopied', 'beforeCommit'] as const).filter((h) => importHooks[h] !== null);
  // A running import's progress on /metrics: import_progress_ratio{import="<kind>"}, 0 to 1 (bytes read of the file).
  importHooks.onProgress = (p) =>
    importProgress.labels({ import: p.kind }).set(p.phase === 'done' ? 1 : p.bytesTotal ? Math.min(1, p.bytes / p.bytesTotal) : 0);
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  // The body of an upload is the file itself, read as a stream by the handler (never buffered whole). It is kept
  // beside the request, not as its body, so the checks that walk parsed bodies never walk a stream.
  const bodies = new WeakMap<FastifyRequest, NodeJS.ReadableStream>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    bodies.set(request, payload);
    done(null, undefined);
  });

  const tooLarge = () =>
    errors.tooLarge(`The file is larger than IMPORT_MAX_BYTES (${maxBytes} bytes). Use the command line for larger files.`);

  const start = async (req: Omit<ImportRequest, 'open' | 'lock'>, file: string): Promise<number> => {
    // The apply of a dry run reads the same stored file: its hash is the dry run's.
    await importRouteHooks.beforeLock?.();
    const lock = req.mode === 'apply' ? await acquireImportLock(db.kysely) : undefined;
    if (lock === null) throw new ApiError(409, 'import_running', 'Another import is running. Try again when it has finished.');
    if (lock && req.fileKey) {
      // Checked again with the lock held (applies run one at a time): a second click on "Apply", or a second tab,
      // that checked the dry run before the first apply ended must not apply its file again, nor read a file the
      // first apply has deleted.
      const earlier = await db.kysely
        .selectFrom('imports')
        .select('id')
        .where('file_key', '=', req.fileKey)
        .where('mode', '=', 'apply')
        .where('status', 'in', ['running', 'applied'])
        .executeTakeFirst();
      if (earlier || !existsSync(file)) {
        await lock.release();
        throw errors.conflict(
          earlier
            ? `This file is already being applied or was applied (import ${earlier.id}).`
            : 'This import cannot be applied: upload the file again.',
        );
      }
    }
    const id = await createImportRow(db.kysely, req);
    await lock?.attach(id);
    // Off the server's heap, on a worker thread of its own (import-thread.ts), when a second connection reaches the
    // database (not an in-memory SQLite one).
    const job = (
      workerCanOpen(database)
        ? runImportInWorker(db.kysely, {
            id,
            database,
            request: req,
            file,
            lockToken: lock?.token,
            hooks: testHooks(),
            nice: app.config.importNice,
          })
        : runImport(db, { ...req, lock, open: () => createReadStream(file, { highWaterMark: 256 * 1024 }) }, id)
    )
      .then((out) => {
        if (out.status === 'applied') rmSync(file, { force: true });
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'import failed'))
      .finally(() => lock?.release().catch(() => undefined));
    running.add(job);
    void job.finally(() => running.delete(job));
    return id;
  };

  const read = async (id: number): Promise<ImportDetail> => {
    const row = await db.kysely.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.missing('Import');
    return detail(row as Row, dir);
  };

  app.post(
    adminApi.startImport.path,
    {
      // Refused before the body is read: who may upload, then the declared size.
      onRequest: async (request) => {
        await requireCatalogueRole(request);
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
        // A large file over a slow link takes longer than the server's request timeout: this route's own, given only
        // to who may upload (an anonymous slow body keeps the general one).
        setRequestDeadline(request.raw, app.config.importUploadTimeoutMs);
      },
      preValidation: requireCatalogueRole,
      schema: { querystring: uploadQuery, response: answers(adminApi.startImport, S.importDetail, 202) },
    },
    async (request, reply) => {
      const user = request.visitor.user!;
      const q = request.query;
      mkdirSync(dir, { recursive: true });
      const now = Date.now();
      for (const name of readdirSync(dir))
        if (now - statSync(join(dir, name)).mtimeMs > KEEP_UPLOADS_MS) rmSync(join(dir, name), { force: true });
      const key = `${now.toString(36)}-${randomBytes(8).toString('hex')}.feed`;
      const file = join(dir, key);
      let size = 0;
      const hash = createHash('sha256');
      const limit = new Transform({
        transform(chunk: Buffer, _enc, next) {
          size += chunk.length;
          hash.update(chunk);
          next(size > maxBytes ? tooLarge() : null, chunk);
        },
      });
      const body = bodies.get(request);
      try {
        if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') throw errors.badRequest('Send the file as the request body.');
        await pipeline(body, limit, createWriteStream(file));
      } catch (error) {
        rmSync(file, { force: true });
        if (error instanceof ApiError) {
          // The rest of an oversized body is not read: the connection closes after the answer.
          if (error.status === 413) reply.header('Connection', 'close');
          throw error;
        }
        throw errors.badRequest('The upload was interrupted.');
      }
      // A file that is not a feed of this kind (empty, not CSV or JSON Lines, a column missing or unknown) is
      // answered now, naming the column, rather than by a failed import later.
      const { all, required } = feedColumns(q.kind);
      try {
        if (size === 0) throw new ImportFileError('empty', 'The file is empty.');
        await checkFeedFile(createReadStream(file), all, required);
      } catch (error) {
        rmSync(file, { force: true });
        if (!(error instanceof ImportFileError)) throw error;
        throw new ApiError(400, `import_${error.code}`, error.message, { params: { [error.column ?? 'file']: error.message } });
      }
      const id = await start(
        {
          kind: q.kind,
          mode: q.mode,
          complete: q.complete,
          skipInvalid: q.skip_invalid,
          fileName: q.file_name || `${q.kind}.csv`,
          fileKey: key,
          fileSha256: hash.digest('hex'),
          bytesTotal: size,
          actor: { id: user.id, name: user.name },
        },
        file,
      ).catch((error: unknown) => {
        rmSync(file, { force: true });
        throw error;
      });
      return reply.code(202).send(await read(id));
    },
  );

  app.post(
    adminApi.applyImport.path,
    {
      preValidation: requireCatalogueRole,
      schema: { params: idParams, querystring: applyQuery, response: answers(adminApi.applyImport, S.importDetail, 202) },
    },
    async (request, reply) => {
      const user = request.visitor.user!;
      const source = await db.kysely.selectFrom('imports').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!source) throw errors.missing('Import');
      const file = source.file_key ? join(dir, source.file_key) : '';
      if (source.mode !== 'dry-run' || source.status !== 'dry-run' || !file || !existsSync(file))
        throw errors.conflict('This import cannot be applied: upload the file again for a new dry run.');
      const id = await start(
        {
          kind: source.kind as ImportRequest['kind'],
          mode: 'apply',
          complete: request.query.complete,
          skipInvalid: request.query.skip_invalid,
          fileName: source.file_name,
          fileKey: source.file_key,
          fileSha256: source.file_sha256 ?? undefined,
          bytesTotal: source.bytes_total,
          actor: { id: user.id, name: user.name },
        },
        file,
      );
      return reply.code(202).send(await read(id));
    },
  );

  app.get(
    adminApi.imports.path,
    { preValidation: requireCatalogueRole, schema: { querystring: listQuery, response: answers(adminApi.imports, S.importHistory) } },
    async (request): Promise<ImportHistory> => {
      const { page } = request.query;
      const rows = await db.kysely
        .selectFrom('imports')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(PER_PAGE)
        .offset((page - 1) * PER_PAGE)
        .execute();
      return { imports: rows.map((r) => summary(r as Row, dir)), running: await runningImport(db.kysely), page, per_page: PER_PAGE };
    },
  );

  app.get(
    adminApi.importDetail.path,
    { preValidation: requireCatalogueRole, schema: { params: idParams, response: answers(adminApi.importDetail, S.importDetail) } },
    async (request): Promise<ImportDetail> => read(request.params.id),
  );
}
