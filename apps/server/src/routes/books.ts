/**
 * /api/books: the signed-in user's books (accounts spec section 7; workspace spec section 7): list, read,
 * clean, undo cleanup, save the edited text, format (basic, with a template or style guide, with custom settings),
 * and preview pages in a layout. Every route needs a bearer token; another user's book is a 404.
 */
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  BookIdParamsSchema,
  BookListSchema,
  BookSchema,
  ErrorBodySchema,
  FormatAdvancedBodySchema,
  FormatBodySchema,
  FormatTemplateBodySchema,
  PreviewBodySchema,
  PreviewSchema,
  SAVE_TEXT_BODY_MAX_BYTES,
  SaveTextBodySchema,
} from '@quire/contracts';
import { userIdOf } from '../plugins/auth.ts';
import { abortWhenClientGoes } from './client-gone.ts';
import { BODY_ENCODINGS, type BodyEncoding } from '../services/book-body-cache.ts';
import type { BookService } from '../services/book-service.ts';
import type { CleanupService } from '../services/cleanup-service.ts';
import type { PreviewService } from '../services/preview-service.ts';

/**
 * The schema of a route on one book (`/:id...`): the `:id` parameter, the body when given, and the answers:
 * `ok` (default the Book) under `okStatus`, 401 and 404 always, plus the error statuses listed.
 */
function bookSchema<B extends z.ZodType | undefined = undefined, R extends z.ZodType = typeof BookSchema>(
  options: { body?: B; ok?: R; errors?: readonly number[] } = {},
) {
  const errors = Object.fromEntries([401, 404, ...(options.errors ?? [])].map((status) => [status, ErrorBodySchema]));
  return {
    params: BookIdParamsSchema,
    ...(options.body ? { body: options.body as B } : {}),
    response: { 200: (options.ok ?? BookSchema) as R, ...errors },
  } as { params: typeof BookIdParamsSchema; body: B; response: { 200: R } & Record<number, z.ZodType> };
}

/** Picks the coding of a book's answer from the request's Accept-Encoding (RFC 9110 section 12.5.3). */
const encodings = new Negotiator<BodyEncoding>({ supportedValues: [...BODY_ENCODINGS] });

/** Errors of the format routes: invalid body or unknown layout (400), book not cleaned yet (409). */
const FORMAT_ERRORS = [400, 409] as const;

/** Book routes; register with prefix `/api/books` with the book, cleanup and preview services. */
export const bookRoutes: FastifyPluginAsync<{ books: BookService; cleanup: CleanupService; previews: PreviewService }> = async (
  app,
  { books, cleanup, previews },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get('/', { schema: { response: { 200: BookListSchema, 401: ErrorBodySchema } } }, async (request) =>
    books.list(userIdOf(request)),
  );

  // The book's answer is kept encoded (services/book-body-cache.ts) and sent as it is: already JSON, already compressed
  // when the client accepts Brotli or gzip (the compression plugin leaves an answer with a Content-Encoding alone).
  // The sign-in check reads the book's revision in the same query (`withBookRevision`): one round trip per read.
  r.get('/:id', { schema: bookSchema(), config: { withBookRevision: true } }, async (request, reply) => {
    const accepted = request.headers['accept-encoding'];
    const encoding = (accepted ? encodings.negotiate(accepted) : null) ?? 'identity';
    const body = await books.body(userIdOf(request), request.params.id, encoding, request.bookRevision ?? undefined);
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  });

  // Cleanup runs as a job (services/cleanup-service.ts); the request waits for it. 503 when its last try failed or
  // this process is stopping.
  r.post('/:id/clean', { schema: bookSchema({ errors: [422, 503] }) }, async (request, reply) =>
    cleanup.clean(userIdOf(request), request.params.id, abortWhenClientGoes(reply)),
  );

  r.post('/:id/undo-clean', { schema: bookSchema() }, async (request) => books.undoClean(userIdOf(request), request.params.id));

  r.post(
    '/:id/save-text',
    { bodyLimit: SAVE_TEXT_BODY_MAX_BYTES, schema: bookSchema({ body: SaveTextBodySchema, errors: [400, 413] }) },
    async (request) => books.saveText(userIdOf(request), request.params.id, request.body.text),
  );

  r.post('/:id/format', { schema: bookSchema({ body: FormatBodySchema, errors: FORMAT_ERRORS }) }, async (request) =>
    books.format(userIdOf(request), request.params.id, request.body),
  );

  r.post('/:id/format-template', { schema: bookSchema({ body: FormatTemplateBodySchema, errors: FORMAT_ERRORS }) }, async (request) =>
    books.formatTemplate(userIdOf(request), request.params.id, request.body),
  );

  r.post('/:id/format-advanced', { schema: bookSchema({ body: FormatAdvancedBodySchema, errors: FORMAT_ERRORS }) }, async (request) =>
    books.formatAdvanced(userIdOf(request), request.params.id, request.body),
  );

  // A whole-book preview waits for a typeset job when the book is not set yet (services/typeset-job-service.ts):
  // 503 when its last try failed or this process is stopping.
  r.post(
    '/:id/preview',
    { schema: bookSchema({ body: PreviewBodySchema, ok: PreviewSchema, errors: [...FORMAT_ERRORS, 503] }) },
    async (request, reply) => previews.preview(userIdOf(request), request.params.id, request.body, abortWhenClientGoes(reply)),
  );
};
