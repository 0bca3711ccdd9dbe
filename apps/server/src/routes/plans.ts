/**
 * GET /api/plans (issue 12, "One price catalogue on the server that every page reads"): the price catalogue of
 * contracts PLAN_CATALOGUE, amounts in US cents. Public: the landing page and the plan pages show it to visitors.
 * The payment routes charge these amounts, never an amount from the client.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLAN_CATALOGUE, PlanCatalogueSchema } from '@quire/contracts';

/** Plan routes; register with prefix `/api`. */
export const planRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/plans', { schema: { response: { 200: PlanCatalogueSchema } } }, async (_request, reply) => {
    // The catalogue changes only with a release: a browser may keep it for a few minutes.
    void reply.header('cache-control', 'public, max-age=300');
    return PLAN_CATALOGUE;
  });
};
