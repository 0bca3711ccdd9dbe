/**
 * Support routes (issue 13, /contact): GET /support/contact answers the team's address (SUPPORT_EMAIL) to anyone,
 * so that the web pages never carry an address of their own.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SupportContactSchema } from '@quire/contracts';

/** Support routes; register with prefix `/api`. `supportEmail` is the config's SUPPORT_EMAIL. */
export const supportRoutes: FastifyPluginAsync<{ supportEmail: string }> = async (app, { supportEmail }) => {
  app.withTypeProvider<ZodTypeProvider>().get('/support/contact', { schema: { response: { 200: SupportContactSchema } } }, async (_request, reply) => {
    // Changes only with the server's settings: a browser may keep it for a few minutes.
    void reply.header('cache-control', 'public, max-age=300');
    return { email: supportEmail };
  });
};
