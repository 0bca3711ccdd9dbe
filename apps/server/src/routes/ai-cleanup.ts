/**
 * The optional AI cleanup pass (issue 3, "AI cleanup, optional"):
 * - GET  /api/ai-cleanup/status   -> `{ available }`: whether this server has an AI service configured;
 * - POST /api/books/:id/ai-clean  -> starts the pass on the book's cleaned text, answers its status
 *   (404 another user's book, 409 before cleanup or while running, 503 when no AI service is configured);
 * - GET  /api/books/:id/ai-clean  -> the pass's current status (the web polls it while running).
 * Every route needs a bearer token.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AiCleanupStatusSchema, BookIdParamsSchema, ErrorBodySchema } from '@quire/contracts';
import type { Config } from '../config.ts';
import { userIdOf } from '../plugins/auth.ts';
import type { BookService } from '../services/book-service.ts';
import { AiCleanupUnavailableError, createAiCleanupService } from '../services/ai-cleanup-service.ts';

/** Options of {@link aiCleanupRoutes}: the configured AI service (config.ts `ai`) and the book service. */
export interface AiCleanupRoutesOptions {
  ai: Config['ai'];
  books: Pick<BookService, 'load'>;
}

const AvailabilitySchema = AiCleanupStatusSchema.pick({ available: true });

/** AI cleanup routes; register with prefix `/api`. Running jobs are stopped when the app closes. */
export const aiCleanupRoutes: FastifyPluginAsync<AiCleanupRoutesOptions> = async (app, { ai, books }) => {
  const service = createAiCleanupService({ db: app.db, books, ai });
  app.addHook('onClose', () => service.close());

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);
  const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema };

  r.get('/ai-cleanup/status', { schema: { response: { 200: AvailabilitySchema, 401: ErrorBodySchema } } }, async () => ({
    available: service.available,
  }));

  r.get(
    '/books/:id/ai-clean',
    { schema: { params: BookIdParamsSchema, response: { 200: AiCleanupStatusSchema, ...errors } } },
    async (request) => service.status(userIdOf(request), request.params.id),
  );

  r.post(
    '/books/:id/ai-clean',
    {
      schema: {
        params: BookIdParamsSchema,
        response: { 202: AiCleanupStatusSchema, 409: ErrorBodySchema, 503: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const status = await service.start(userIdOf(request), request.params.id);
        return reply.status(202).send(status);
      } catch (err) {
        // The error handler hides the message of 5xx answers; this one is meant for the user.
        if (err instanceof AiCleanupUnavailableError) return reply.status(503).send({ message: err.message });
        throw err;
      }
    },
  );
};
