/**
 * Jobs as the web follows them (issue 14: "Long jobs report progress ... and survives a page reload"; contracts
 * jobs.ts): GET /api/books/{id}/jobs (the book's jobs running and those ended in the last day), GET /api/import-jobs
 * (the caller's imports running and those ended in the last hour: an import has no book while it runs), GET /api/jobs/{id},
 * and GET /api/books/{id}/exports/{exportId}/file, the file of a finished export (streamed from the storage), for an
 * export whose request was gone before it ended (a reload). Only the caller's own jobs and files; others are 404.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookJobsResponseSchema,
  ErrorBodySchema,
  ExportFileParamsSchema,
  ImportJobsResponseSchema,
  JobParamsSchema,
  JobSchema,
  type ExportFormat,
  type Job,
  type JobKind,
  type JobState,
} from '@quire/contracts';
import type { JobRow } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { userIdOf } from '../plugins/auth.ts';
import { exportDownloadUrl, type ExportJobResult, type ExportService } from '../services/export-service.ts';
import { UUID } from '../db/uuid.ts';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));

/** The book an import or collection job made (its result), once completed; null otherwise. */
function madeBookOf(row: JobRow): string | null {
  if (row.state !== 'completed' || (row.kind !== 'import' && row.kind !== 'collection')) return null;
  const bookId = (row.result as { bookId?: unknown } | null)?.bookId;
  return typeof bookId === 'string' ? bookId : null;
}

/** What an import works on, in words (its URL, its file's name, the collection's title); null for other kinds. */
function subjectOf(row: JobRow): string | null {
  const input = row.input as { source?: string; url?: string; fileName?: string; collectionTitle?: string };
  if (row.kind === 'import') return (input.source === 'upload' ? input.fileName : input.url) ?? null;
  if (row.kind === 'collection') return input.collectionTitle ?? null;
  return null;
}

/** A job row as the API answers it. */
export function jobOf(row: JobRow): Job {
  const format = (row.input.format as ExportFormat | undefined) ?? null;
  const done = row.state === 'completed' && row.kind === 'export' && row.bookId ? (row.result as unknown as ExportJobResult) : null;
  return {
    id: row.id,
    kind: row.kind as JobKind,
    bookId: row.bookId ?? madeBookOf(row),
    subject: subjectOf(row),
    format,
    state: row.state as JobState,
    stage: row.stage,
    percent: row.percent,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    error: row.state === 'failed' ? row.error : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    export:
      done && row.bookId
        ? {
            exportId: done.exportId,
            format: done.format,
            fileName: done.fileName,
            byteSize: done.byteSize,
            downloadUrl: exportDownloadUrl(row.bookId, done.exportId),
            ...(done.diagnostics && done.diagnostics.length > 0 ? { diagnostics: done.diagnostics } : {}),
          }
        : null,
  };
}

/** Job routes; register with prefix `/api`, with the export service (for the files of finished exports). */
export const jobRoutes: FastifyPluginAsync<{ exports: ExportService }> = async (app, { exports }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get(
    '/books/:id/jobs',
    { schema: { params: JobParamsSchema, response: { 200: BookJobsResponseSchema, ...errors(400, 401) } } },
    async (request) => {
      if (!UUID.test(request.params.id)) return { jobs: [] };
      const rows = await app.queue.listForBook(userIdOf(request), request.params.id);
      return { jobs: rows.map(jobOf) };
    },
  );

  r.get('/import-jobs', { schema: { response: { 200: ImportJobsResponseSchema, ...errors(401) } } }, async (request) => ({
    jobs: (await app.queue.listImports(userIdOf(request))).map(jobOf),
  }));

  r.get('/jobs/:id', { schema: { params: JobParamsSchema, response: { 200: JobSchema, ...errors(400, 401, 404) } } }, async (request) => {
    const row = UUID.test(request.params.id) ? await app.queue.find(userIdOf(request), request.params.id) : null;
    if (!row) throw new AppError('NOT_FOUND', 'Job not found');
    return jobOf(row);
  });

  r.get(
    '/books/:id/exports/:exportId/file',
    { schema: { params: ExportFileParamsSchema, response: { 200: z.instanceof(Readable), ...errors(400, 401, 404) } } },
    async (request, reply) => {
      const { id, exportId } = request.params;
      if (!UUID.test(id) || !UUID.test(exportId)) throw new AppError('NOT_FOUND', 'Export not found');
      const file = await exports.storedExport(userIdOf(request), id, exportId);
      const { stream, sizeBytes } = await exports.open(file);
      return reply
        .status(200)
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('content-length', sizeBytes)
        .send(stream);
    },
  );
};
