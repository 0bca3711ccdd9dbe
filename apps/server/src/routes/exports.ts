/**
 * POST /api/books/:id/export/:format (workspace spec section 7): the file itself, with its media type and a
 * download name (contracts EXPORT_FILES / exportFileName). Formats: pdf, epub, docx, html, epub-html. The file is
 * made by an export job (services/export-service.ts) and streamed from the storage once stored (issue 14: "Downloads
 * of large files stream").
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, ExportParamsSchema } from '@quire/contracts';
import { userIdOf } from '../plugins/auth.ts';
import { abortWhenClientGoes } from './client-gone.ts';
import type { ExportService } from '../services/export-service.ts';

/** Export route; register with prefix `/api/books` and the export service. */
export const exportRoutes: FastifyPluginAsync<{ exports: ExportService }> = async (app, { exports }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/:id/export/:format',
    {
      schema: {
        params: ExportParamsSchema,
        response: {
          // The body is the file's bytes (sent as a stream, which fastify does not serialize).
          200: z.instanceof(Readable),
          ...Object.fromEntries([400, 401, 402, 403, 404, 409, 422, 503].map((s) => [s, ErrorBodySchema])),
        },
      },
    },
    async (request, reply) => {
      // The export runs as a job (it may be taken by another process); this request waits for it, unless the client
      // goes away first: the job carries on, and the Export tab finds it (GET /api/books/{id}/jobs).
      const file = await exports.exportBook(userIdOf(request), request.params.id, request.params.format, abortWhenClientGoes(reply));
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
