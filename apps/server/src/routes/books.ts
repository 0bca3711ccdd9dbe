/**
 * /api/books: the signed-in user's books (accounts spec section 7; workspace spec section 7): list, read,
 * clean, undo cleanup, save the edited text, format (basic, with a template or style guide, with custom settings). Every route needs a bearer token; another user's book is a 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BookIdParamsSchema,
  BookListSchema,
  BookSchema,
  ErrorBodySchema,
  FormatAdvancedBodySchema,
  FormatBodySchema,
  FormatTemplateBodySchema,
  SaveTextBodySchema,
} from '@quire/contracts';
import { userIdOf } from '../plugins/auth.ts';
import type { BookService } from '../services/book-service.ts';

/** JSON body limit of save-text: 5 MB of text may take more bytes once JSON-escaped. */
const SAVE_TEXT_BODY_LIMIT = 16 * 1024 * 1024;

/** Book routes; register with prefix `/api/books` and the book service. */
export const bookRoutes: FastifyPluginAsync<{ books: BookService }> = async (app, { books }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);
  const notFound = { 401: ErrorBodySchema, 404: ErrorBodySchema };

  r.get('/', { schema: { response: { 200: BookListSchema, 401: ErrorBodySchema } } }, async (request) =>
    books.list(userIdOf(request)),
  );

  r.get('/:id', { schema: { params: BookIdParamsSchema, response: { 200: BookSchema, ...notFound } } }, async (request) =>
    books.get(userIdOf(request), request.params.id),
  );

  r.post(
    '/:id/clean',
    { schema: { params: BookIdParamsSchema, response: { 200: BookSchema, 422: ErrorBodySchema, ...notFound } } },
    async (request) => books.clean(userIdOf(request), request.params.id),
  );

  r.post(
    '/:id/undo-clean',
    { schema: { params: BookIdParamsSchema, response: { 200: BookSchema, ...notFound } } },
    async (request) => books.undoClean(userIdOf(request), request.params.id),
  );

  r.post(
    '/:id/save-text',
    {
      bodyLimit: SAVE_TEXT_BODY_LIMIT,
      schema: {
        params: BookIdParamsSchema,
        body: SaveTextBodySchema,
        response: { 200: BookSchema, 400: ErrorBodySchema, 413: ErrorBodySchema, ...notFound },
      },
    },
    async (request) => books.saveText(userIdOf(request), request.params.id, request.body.text),
  );

  r.post(
    '/:id/format',
    {
      schema: {
        params: BookIdParamsSchema,
        body: FormatBodySchema,
        response: { 200: BookSchema, 400: ErrorBodySchema, 409: ErrorBodySchema, ...notFound },
      },
    },
    async (request) => books.format(userIdOf(request), request.params.id, request.body),
  );

  r.post(
    '/:id/format-template',
    {
      schema: {
        params: BookIdParamsSchema,
        body: FormatTemplateBodySchema,
        response: { 200: BookSchema, 400: ErrorBodySchema, 409: ErrorBodySchema, ...notFound },
      },
    },
    async (request) => books.formatTemplate(userIdOf(request), request.params.id, request.body),
  );

  r.post(
    '/:id/format-advanced',
    {
      schema: {
        params: BookIdParamsSchema,
        body: FormatAdvancedBodySchema,
        response: { 200: BookSchema, 400: ErrorBodySchema, 409: ErrorBodySchema, ...notFound },
      },
    },
    async (request) => books.formatAdvanced(userIdOf(request), request.params.id, request.body),
  );
};
