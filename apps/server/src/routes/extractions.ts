/**
 * Topic extraction (issue 11; workspace spec section 7: `GET /api/books/{id}/extractions`, `POST
 * /api/books/{id}/extract`): search a book for a topic, list its extractions, read a passage in full (or widened to
 * its section), and make a new book from chosen passages. Every route needs a bearer token; another user's book or
 * extraction, and another book's extraction, is a 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BookIdParamsSchema,
  CompileBodySchema,
  CompileResultSchema,
  ErrorBodySchema,
  ExtractBodySchema,
  ExtractionListSchema,
  ExtractionParamsSchema,
  ExtractionSchema,
  PassageParamsSchema,
  PassageQuerySchema,
  PassageTextSchema,
} from '@quire/contracts';
import { userIdOf } from '../plugins/auth.ts';
import type { ExtractionService } from '../services/extractions/extraction-service.ts';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));

/** Extraction routes; register with prefix `/api/books` and the extraction service. */
export const extractionRoutes: FastifyPluginAsync<{ extractions: ExtractionService }> = async (app, { extractions }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/:id/extract',
    { schema: { params: BookIdParamsSchema, body: ExtractBodySchema, response: { 201: ExtractionSchema, ...errors(400, 401, 404, 409) } } },
    async (request, reply) => reply.status(201).send(await extractions.extract(userIdOf(request), request.params.id, request.body)),
  );

  r.get('/:id/extractions', { schema: { params: BookIdParamsSchema, response: { 200: ExtractionListSchema, ...errors(401, 404) } } }, async (request) =>
    extractions.list(userIdOf(request), request.params.id),
  );

  r.get(
    '/:id/extractions/:extractionId/passages/:passageId',
    { schema: { params: PassageParamsSchema, querystring: PassageQuerySchema, response: { 200: PassageTextSchema, ...errors(400, 401, 404, 409) } } },
    async (request) => {
      const { id, extractionId, passageId } = request.params;
      return extractions.passage(userIdOf(request), id, extractionId, passageId, request.query.widen === 'true');
    },
  );

  r.post(
    '/:id/extractions/:extractionId/book',
    { schema: { params: ExtractionParamsSchema, body: CompileBodySchema, response: { 201: CompileResultSchema, ...errors(400, 401, 404, 409, 413) } } },
    async (request, reply) =>
      reply.status(201).send(await extractions.compile(userIdOf(request), request.params.id, request.params.extractionId, request.body)),
  );
};
