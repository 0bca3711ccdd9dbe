/**
 * POST /api/import (accounts spec section 7): JSON `{ url }`, or multipart/form-data with the file in field
 * `file`. Answers 201 with the new book's id, title and author.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, ImportResponseSchema, ImportUrlBodySchema, MAX_FILE_BYTES } from '@quire/contracts';
import { AppError } from '../errors.ts';
import { userIdOf } from '../plugins/auth.ts';
import type { ImportService } from '../services/import-service.ts';

/** Import route; register with prefix `/api/import` and the import service. */
export const importRoutes: FastifyPluginAsync<{ imports: ImportService }> = async (app, { imports }) => {
  // Multipart parsing only in this plugin: one file, at most 10 MB (accounts spec section 9).
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 12 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/',
    {
      schema: {
        // JSON imports are validated here; a multipart request has no parsed body (its file is streamed below).
        body: ImportUrlBodySchema.nullish(),
        response: {
          201: ImportResponseSchema,
          ...Object.fromEntries([400, 401, 403, 413, 422, 502, 504].map((s) => [s, ErrorBodySchema])),
        },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      if (request.isMultipart()) {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') {
          throw new AppError('VALIDATION', 'Please choose a file to import (form field "file").');
        }
        const bytes = await part.toBuffer();
        const book = await imports.importFromUpload(userId, { bytes: new Uint8Array(bytes), fileName: part.filename });
        return reply.status(201).send(book);
      }
      if (!request.body) throw new AppError('INVALID_URL');
      const book = await imports.importFromUrl(userId, request.body.url);
      return reply.status(201).send(book);
    },
  );
};
