/**
 * /api/events (accounts spec section 2: "each route change is reported to analytics tracking"; issue 12): first-party
 * page views for the admin dashboard.
 * - `POST /page-view` {path}: 204 once stored; 400 for a path with a query or fragment (contracts
 *   PageViewBodySchema); 429 past PAGE_VIEWS_PER_MINUTE from one client, nothing stored (the web app sends these
 *   without waiting and ignores the answer, so a refusal costs a visitor nothing).
 * Sign-in is not required: a valid bearer token adds the user's id, an absent or invalid one records a visitor (null).
 * Nothing else about the request (address, user agent, referrer) is stored.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, PageViewBodySchema } from '@quire/contracts';
import { bearerToken } from '../plugins/auth.ts';
import type { PageViewService } from '../services/admin/page-view-service.ts';
import { createRateLimiter, enforceRateLimit } from '../services/rate-limiter.ts';

/** Page views accepted per client address and minute: far above a person clicking, low enough to bound the table. */
export const PAGE_VIEWS_PER_MINUTE = 120;

/** Options of {@link eventRoutes}. */
export interface EventRoutesOptions {
  pageViews: PageViewService;
}

/** Event routes; register with prefix `/api/events`. */
export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (app, { pageViews }) => {
  // The client address is only a rate-limit key (kept as its SHA-256 in rate_limit_windows, for a minute); it is
  // never stored with the view.
  const perClient = createRateLimiter(app.db, 'page-views-per-client', { limit: PAGE_VIEWS_PER_MINUTE, windowMs: 60_000 });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/page-view',
    { schema: { body: PageViewBodySchema, response: { 204: z.null(), 400: ErrorBodySchema, 429: ErrorBodySchema } } },
    async (request, reply) => {
      await enforceRateLimit(perClient, request.ip, reply);
      const token = bearerToken(request);
      const user = token ? await app.auth.authenticate(token) : null;
      await pageViews.record(request.body.path, user?.id ?? null);
      return reply.status(204).send(null);
    },
  );
};
