/**
 * /api/admin (accounts spec sections 2, 3, 9 and 10; issue 12 "Admin analytics"):
 * - `POST /verify-password` {password}: 200 {token, expiresAt} (a session of ADMIN_SESSION_MINUTES); 401
 *   'Invalid password'; 429 past ADMIN_PASSWORD_TRIES per client in the window (every try counts, right or wrong);
 * - `GET /analytics` with `X-Admin-Token`: 200 AdminAnalytics; 401 'Admin session expired or missing';
 * - `POST /logout` with `X-Admin-Token`: 204, the session ended (the dashboard's Logout).
 * Without ADMIN_PASSWORD every route answers 503 {@link ADMIN_DISABLED_MESSAGE}.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminAnalyticsSchema, AdminPasswordBodySchema, AdminSessionSchema, ErrorBodySchema, TOKEN_MAX_CHARS } from '@quire/contracts';
import type { AdminClient, AdminSessionService } from '../services/admin/admin-session-service.ts';
import type { AnalyticsService } from '../services/admin/analytics-service.ts';
import { createRateLimiter, enforceRateLimit } from '../services/rate-limiter.ts';

/** The 503 answer's sentence when ADMIN_PASSWORD is unset: the operator learns what to do. */
export const ADMIN_DISABLED_MESSAGE = 'Admin is not enabled on this server: set ADMIN_PASSWORD to enable it.';

/** Password tries per client address and window: enough for typing mistakes, far too few to guess. */
export const ADMIN_PASSWORD_TRIES = 10;

/** The window of {@link ADMIN_PASSWORD_TRIES}, in milliseconds (15 minutes). */
export const ADMIN_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/** Options of {@link adminRoutes}: the services, or null when the admin area is disabled (no ADMIN_PASSWORD). */
export interface AdminRoutesOptions {
  admin: { sessions: AdminSessionService; analytics: AnalyticsService } | null;
}

/**
 * The `X-Admin-Token` header (optional in the schema, so that its absence is a 401 and not a 400; longer than any
 * token the server makes, a 400).
 */
const AdminTokenHeadersSchema = z.object({ 'x-admin-token': z.string().max(TOKEN_MAX_CHARS).optional() });

/** Admin routes; register with prefix `/api/admin`. */
/** The client of a request, which an admin session is bound to (its address as QUIRE_TRUST_PROXY reads it). */
function adminClientOf(request: FastifyRequest): AdminClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, { admin }) => {
  // Counted in the database, so every API process on it shares the count (and each test app, on its own database,
  // counts on its own).
  const tries = createRateLimiter(app.db, 'admin-password-per-client', { limit: ADMIN_PASSWORD_TRIES, windowMs: ADMIN_PASSWORD_WINDOW_MS });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The services, or a 503 answer sent (then null) when the admin area is disabled. */
  function enabled(reply: FastifyReply) {
    if (admin) return admin;
    void reply.status(503).send({ message: ADMIN_DISABLED_MESSAGE });
    return null;
  }

  r.post(
    '/verify-password',
    {
      schema: {
        body: AdminPasswordBodySchema,
        response: { 200: AdminSessionSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const services = enabled(reply);
      if (!services) return reply;
      await enforceRateLimit(tries, request.ip, reply);
      return services.sessions.verifyPassword(request.body.password, adminClientOf(request));
    },
  );

  r.get(
    '/analytics',
    {
      schema: {
        headers: AdminTokenHeadersSchema,
        response: { 200: AdminAnalyticsSchema, 401: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const services = enabled(reply);
      if (!services) return reply;
      await services.sessions.requireSession(request.headers['x-admin-token'], adminClientOf(request));
      return services.analytics.analytics();
    },
  );

  r.post(
    '/logout',
    { schema: { headers: AdminTokenHeadersSchema, response: { 204: z.null(), 503: ErrorBodySchema } } },
    async (request, reply) => {
      const services = enabled(reply);
      if (!services) return reply;
      const token = request.headers['x-admin-token'];
      if (token) await services.sessions.endSession(token, adminClientOf(request));
      return reply.status(204).send(null);
    },
  );
};
