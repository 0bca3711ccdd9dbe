/**
 * Imports (accounts spec section 7): POST /api/import takes JSON `{ url }` or multipart/form-data with the file
 * in field `file` and answers 201 with the new book's id, title and author; POST /api/books/import-multiple
 * takes a collection of 2-10 URLs and answers 201 with the book, the number of texts imported and the URLs that
 * failed. Register with prefix `/api`. Both count against the import limit per user (services/import-limit.ts): past it
 * they answer 429 with `Retry-After` (seconds), before reading the upload or fetching anything (issue 14).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  ImportCollectionBodySchema,
  ImportCollectionResponseSchema,
  ImportResponseSchema,
  ImportUrlBodySchema,
  MAX_FILE_BYTES,
} from '@quire/contracts';
import { AppError } from '../errors.ts';
import { userIdOf } from '../plugins/auth.ts';
import { abortWhenClientGoes } from './client-gone.ts';
import type { ImportService } from '../services/import-service.ts';
import type { ImportLimit } from '../services/import-limit.ts';

/** Error statuses of an import: validation, auth, private address, too large, unsupported type, unreadable, rate limit, upstream. */
const IMPORT_ERRORS = Object.fromEntries([400, 401, 403, 413, 415, 422, 429, 502, 503, 504].map((s) => [s, ErrorBodySchema]));

/** Import routes; register with prefix `/api` and the import service. */
export const importRoutes: FastifyPluginAsync<{ imports: ImportService; importLimit: ImportLimit }> = async (app, { imports, importLimit }) => {
  // Multipart parsing only in this plugin: one file, at most 10 MB (accounts spec section 9).
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 12 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/import',
    {
      schema: {
        // JSON imports are validated here; a multipart request has no parsed body (its file is streamed below).
        body: ImportUrlBodySchema.nullish(),
        response: { 201: ImportResponseSchema, ...IMPORT_ERRORS },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      await importLimit.enforce(userId, reply);
      if (request.isMultipart()) {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') {
          throw new AppError('VALIDATION', 'Please choose a file to import (form field "file").');
        }
        const bytes = await part.toBuffer();
        const book = await imports.importFromUpload(userId, {
          bytes: new Uint8Array(bytes),
          fileName: part.filename,
          contentType: part.mimetype,
        }, abortWhenClientGoes(reply));
        return reply.status(201).send(book);
      }
      if (!request.body) throw new AppError('INVALID_URL');
      const book = await imports.importFromUrl(userId, request.body.url, abortWhenClientGoes(reply));
      return reply.status(201).send(book);
    },
  );

  r.post(
    '/books/import-multiple',
    {
      schema: {
        body: ImportCollectionBodySchema,
        response: { 201: ImportCollectionResponseSchema, ...IMPORT_ERRORS },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      await importLimit.enforce(userId, reply);
      const result = await imports.importCollection(userId, request.body, abortWhenClientGoes(reply));
      return reply.status(201).send(result);
    },
  );
};
