/**
 * The publisher plan's batch routes (issue 12): POST /api/import-batch (many URLs, one book each; 201 with the books
 * and the URLs that failed; it counts against the import limit, services/import-limit.ts) and POST /api/books/export-zip (many books in one format as one zip). Below the
 * publisher plan both answer 403 with the upgrade offer. The zip is streamed as it is made from the stored exports
 * (issue 14: "Downloads of large files stream"), so its length is not known ahead (chunked transfer).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BatchExportBodySchema, BatchImportBodySchema, BatchImportResponseSchema, ErrorBodySchema } from '@quire/contracts';
import { userIdOf } from '../plugins/auth.ts';
import type { BatchService } from '../services/batch-service.ts';
import type { ImportLimit } from '../services/import-limit.ts';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));

/** Batch routes; register with prefix `/api` and the batch service. */
export const batchRoutes: FastifyPluginAsync<{ batch: BatchService; importLimit: ImportLimit }> = async (app, { batch, importLimit }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/import-batch',
    { schema: { body: BatchImportBodySchema, response: { 201: BatchImportResponseSchema, ...errors(400, 401, 403, 422, 429) } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      await importLimit.enforce(userId, reply);
      return reply.status(201).send(await batch.importUrls(userId, request.body.urls));
    },
  );

  r.post(
    '/books/export-zip',
    { schema: { body: BatchExportBodySchema, response: { 200: z.instanceof(Readable), ...errors(400, 401, 402, 403, 404, 409, 422) } } },
    async (request, reply) => {
      const zip = await batch.exportZip(userIdOf(request), request.body.bookIds, request.body.format);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .status(200)
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="Books_${request.body.format.toUpperCase()}_${stamp}.zip"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
};
