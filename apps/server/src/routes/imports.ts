/**
 * Imports (accounts spec section 7): POST /api/import takes JSON `{ url }` or multipart/form-data with the file
 * in field `file` and answers 201 with the new book's id, title and author; POST /api/books/import-multiple
 * takes a collection of 2-10 URLs and answers 201 with the book, the number of texts imported and the URLs that
 * failed. Register with prefix `/api`. Both count against the import limit per user (services/import-limit.ts): past it
 * they answer 429 with `Retry-After` (seconds), before reading the upload or fetching anything (issue 14).
 */
import path from 'node:path';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { zipSync } from 'fflate';
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

/** Most files one upload may send: a thesis's chapters and figures (the engine reads them as one project). */
export const MAX_UPLOAD_FILES = 200;

/**
 * The book of a multipart upload: its one `file` part as it is, or several `file` parts (a Markdown thesis with its
 * figures, chosen together) as one zip of them, which the engine reads as a project (`read/project.ts`).
 * @throws AppError `VALIDATION` (400) without a `file` part; `FILE_TOO_LARGE` (413) past 10 MB in all.
 */
async function uploadedBook(parts: AsyncIterableIterator<MultipartFile>): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
  const files: { name: string; bytes: Uint8Array; contentType: string }[] = [];
  let total = 0;
  for await (const part of parts) {
    if (part.fieldname !== 'file') {
      await part.toBuffer();
      continue;
    }
    const bytes = new Uint8Array(await part.toBuffer());
    total += bytes.byteLength;
    if (total > MAX_FILE_BYTES) throw new AppError('FILE_TOO_LARGE');
    files.push({ name: path.basename(part.filename || `file-${files.length + 1}`), bytes, contentType: part.mimetype });
  }
  const [first] = files;
  if (!first) throw new AppError('VALIDATION', 'Please choose a file to import (form field "file").');
  if (files.length === 1) return { bytes: first.bytes, fileName: first.name, contentType: first.contentType };
  // Stored, not deflated: the parts are already within the upload limit, and the archive is read once.
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const f of files) {
    let name = f.name;
    for (let n = 2; name in entries; n++) name = `${n}-${f.name}`;
    entries[name] = [f.bytes, { level: 0 }];
  }
  const base = path.basename(first.name, path.extname(first.name)) || 'book';
  return { bytes: zipSync(entries), fileName: `${base}.zip`, contentType: 'application/zip' };
}

/** Import routes; register with prefix `/api` and the import service. */
export const importRoutes: FastifyPluginAsync<{ imports: ImportService; importLimit: ImportLimit }> = async (app, { imports, importLimit }) => {
  // Multipart parsing only in this plugin: one file, or the files of one book (a Markdown thesis and its figures), at
  // most 10 MB in all (accounts spec section 9).
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: MAX_UPLOAD_FILES, fields: 10, parts: MAX_UPLOAD_FILES + 10 } });
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
        const upload = await uploadedBook(request.files());
        const book = await imports.importFromUpload(userId, upload, abortWhenClientGoes(reply));
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
