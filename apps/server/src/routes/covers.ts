/**
 * A book's covers (workspace spec section 7: `GET` and `POST /api/books/{id}/covers`; issue "Covers"): list, make
 * from a template or an AI style, make around uploaded artwork (multipart `file`, optional `template`), edit,
 * choose, delete, and the files: the e-book JPEG, the paperback full-wrap PDF and a JPEG preview of the wrap.
 * Every route needs a bearer token; another user's book or cover is a 404. Files are answered with headers that
 * keep a browser from reading them as anything else, and `?download=1` names them for saving
 * (`<Title>_Cover_Ebook.jpg`, `<Title>_Cover_Paperback.pdf`).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookIdParamsSchema,
  CoverCreateBodySchema,
  CoverListSchema,
  CoverOptionsSchema,
  CoverParamsSchema,
  CoverSchema,
  CoverTemplateSchema,
  CoverUpdateBodySchema,
  ErrorBodySchema,
  coverFileName,
} from '@quire/contracts';
import { AppError } from '../errors.ts';
import { userIdOf } from '../plugins/auth.ts';
import { abortWhenClientGoes } from './client-gone.ts';
import { MAX_ARTWORK_BYTES, type CoverFile, type CoverService } from '../services/covers/cover-service.ts';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));

/** `?download=1`: answer the file as an attachment with its download name. */
const FileQuerySchema = z.object({ download: z.enum(['0', '1']).optional() });

/** `?widthPx=`: the preview's width, 200-2400 px (default 1200). */
const PreviewQuerySchema = z.object({ widthPx: z.coerce.number().int().min(200).max(2400).default(1200) });

/**
 * Sends a cover file: its media type, no sniffing, no scripts, not cached by shared caches. A stored file (the e-book
 * JPEG) is streamed from the storage; a rendered one is sent from memory.
 */
function sendFile(reply: FastifyReply, file: CoverFile, downloadName?: string) {
  reply
    .status(200)
    .header('content-type', file.contentType)
    .header('content-length', 'bytes' in file ? file.bytes.byteLength : file.sizeBytes)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', 'private, no-cache');
  if (downloadName) reply.header('content-disposition', `attachment; filename="${downloadName}"`);
  return reply.send('bytes' in file ? Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) : file.stream);
}

/** Cover routes; register with prefix `/api/books` and the cover service. */
export const coverRoutes: FastifyPluginAsync<{ covers: CoverService }> = async (app, { covers }) => {
  // One image and one short field, in this plugin only.
  await app.register(multipart, { limits: { fileSize: MAX_ARTWORK_BYTES, files: 1, fields: 2, parts: 4, fieldSize: 64 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get('/:id/covers', { schema: { params: BookIdParamsSchema, response: { 200: CoverListSchema, ...errors(401, 404) } } }, async (request) =>
    covers.list(userIdOf(request), request.params.id),
  );

  // The page count may need the book set whole: a typeset job the request waits for (503 when it failed).
  r.get('/:id/cover-options', { schema: { params: BookIdParamsSchema, response: { 200: CoverOptionsSchema, ...errors(401, 404, 503) } } }, async (request, reply) =>
    covers.options(userIdOf(request), request.params.id, abortWhenClientGoes(reply)),
  );

  r.post(
    '/:id/covers',
    { schema: { params: BookIdParamsSchema, body: CoverCreateBodySchema, response: { 201: CoverSchema, ...errors(400, 401, 403, 404, 502, 504) } } },
    async (request, reply) => reply.status(201).send(await covers.create(userIdOf(request), request.params.id, request.body)),
  );

  r.post(
    '/:id/covers/artwork',
    { schema: { params: BookIdParamsSchema, response: { 201: CoverSchema, ...errors(400, 401, 404, 413, 415, 422) } } },
    async (request, reply) => {
      const missing = 'Please choose an image to upload (form field "file").';
      if (!request.isMultipart()) throw new AppError('VALIDATION', missing);
      let bytes: Uint8Array | undefined;
      let template: string | undefined;
      let fileName: string | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const buffer = await part.toBuffer();
          if (part.fieldname === 'file') {
            bytes = new Uint8Array(buffer);
            fileName = part.filename || undefined;
          }
        } else if (part.fieldname === 'template' && typeof part.value === 'string') {
          template = part.value;
        }
      }
      if (!bytes) throw new AppError('VALIDATION', missing);
      const parsed = template === undefined || template === '' ? undefined : CoverTemplateSchema.safeParse(template);
      if (parsed && !parsed.success) throw new AppError('VALIDATION', 'Template must be one of elegant, bold, academic, classic.');
      return reply.status(201).send(await covers.upload(userIdOf(request), request.params.id, bytes, parsed?.data, fileName));
    },
  );

  r.patch(
    '/:id/covers/:coverId',
    { schema: { params: CoverParamsSchema, body: CoverUpdateBodySchema, response: { 200: CoverSchema, ...errors(400, 401, 404) } } },
    async (request) => covers.update(userIdOf(request), request.params.id, request.params.coverId, request.body),
  );

  r.delete(
    '/:id/covers/:coverId',
    { schema: { params: CoverParamsSchema, response: { 204: z.null(), ...errors(401, 404) } } },
    async (request, reply) => {
      await covers.remove(userIdOf(request), request.params.id, request.params.coverId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/:id/covers/:coverId/ebook.jpg',
    { schema: { params: CoverParamsSchema, querystring: FileQuerySchema, response: { 200: z.instanceof(Buffer), ...errors(401, 404) } } },
    async (request, reply) => {
      const file = await covers.ebook(userIdOf(request), request.params.id, request.params.coverId);
      return sendFile(reply, file, request.query.download === '1' ? coverFileName(file.title, 'ebook') : undefined);
    },
  );

  r.get(
    '/:id/covers/:coverId/wrap.pdf',
    { schema: { params: CoverParamsSchema, querystring: FileQuerySchema, response: { 200: z.instanceof(Buffer), ...errors(401, 404, 409, 503) } } },
    async (request, reply) => {
      const file = await covers.wrap(userIdOf(request), request.params.id, request.params.coverId, abortWhenClientGoes(reply));
      return sendFile(reply, file, request.query.download === '1' ? coverFileName(file.title, 'paperback') : undefined);
    },
  );

  r.get(
    '/:id/covers/:coverId/wrap.jpg',
    { schema: { params: CoverParamsSchema, querystring: PreviewQuerySchema, response: { 200: z.instanceof(Buffer), ...errors(400, 401, 404, 409, 503) } } },
    async (request, reply) =>
      sendFile(reply, await covers.wrapPreview(userIdOf(request), request.params.id, request.params.coverId, request.query.widthPx, abortWhenClientGoes(reply))),
  );
};
