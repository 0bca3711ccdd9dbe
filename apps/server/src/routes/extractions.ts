/**
 * Topic extraction (issue 11; workspace spec section 7: `GET /api/books/{id}/extractions`, `POST
 * /api/books/{id}/extract`): search a book for a topic, list its extractions, read a passage in full (or widened to
 * its section), and make a new book from chosen passages. Every route needs a bearer token; another user's book or
 * extraction, and another book's extraction, is a 404. Searching and making a book count against one limit per user,
 * {@link EXTRACTIONS_PER_USER_PER_HOUR}: past it they answer 429 with `Retry-After` (seconds), before any work (issue 14).
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
import { abortWhenClientGoes } from './client-gone.ts';
import type { ExtractionService } from '../services/extractions/extraction-service.ts';
import { createRateLimiter, enforceRateLimit, minutesToWait } from '../services/rate-limiter.ts';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));

/**
 * Topic searches and books made from passages each user may start per hour (window {@link EXTRACTION_WINDOW_MS}),
 * counted together, whether they succeed or not. A search scores every section of a book of up to 5 MB of text on the
 * worker threads, and making a book stores, cleans and lays out a new one: heavy work, bounded per signed-in user
 * (not per address, as with imports). Someone exploring a book tries a handful of topics and rewords a few; 60 an
 * hour, one a minute, is more than a person clicks through, while a script looping on searches is stopped. Listing
 * extractions and reading passages are light and not limited.
 */
export const EXTRACTIONS_PER_USER_PER_HOUR = 60;

/** The window of {@link EXTRACTIONS_PER_USER_PER_HOUR}, in milliseconds (one hour). */
export const EXTRACTION_WINDOW_MS = 60 * 60 * 1000;

/** The 429 sentence of the search and make-a-book routes. */
const extractionLimitedMessage = (seconds: number) =>
  `You have run too many topic extractions in the last hour. Please try again in ${minutesToWait(seconds)}.`;

/** Extraction routes; register with prefix `/api/books` and the extraction service. */
export const extractionRoutes: FastifyPluginAsync<{ extractions: ExtractionService }> = async (app, { extractions }) => {
  // Counted in the database, shared by every API process on it (each test app has its own); keyed by user id.
  const workPerUser = createRateLimiter(app.db, 'extractions-per-user', { limit: EXTRACTIONS_PER_USER_PER_HOUR, windowMs: EXTRACTION_WINDOW_MS });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/:id/extract',
    { schema: { params: BookIdParamsSchema, body: ExtractBodySchema, response: { 201: ExtractionSchema, ...errors(400, 401, 404, 409, 429, 503) } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      await enforceRateLimit(workPerUser, userId, reply, extractionLimitedMessage);
      return reply.status(201).send(await extractions.extract(userId, request.params.id, request.body, abortWhenClientGoes(reply)));
    },
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
    { schema: { params: ExtractionParamsSchema, body: CompileBodySchema, response: { 201: CompileResultSchema, ...errors(400, 401, 404, 409, 413, 429) } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      await enforceRateLimit(workPerUser, userId, reply, extractionLimitedMessage);
      return reply.status(201).send(await extractions.compile(userId, request.params.id, request.params.extractionId, request.body));
    },
  );
};
