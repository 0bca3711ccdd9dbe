/**
 * Support routes (issue 13, /contact; workspace spec sections 3, 5 and 8): GET /support/contact answers the team's
 * address (SUPPORT_EMAIL) to anyone, so the web pages never carry an address of their own; POST /support/messages
 * stores a message of the support form and mails it to that address. Both are open to visitors; a signed-in
 * sender's account is attached to the message.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, SupportContactSchema, SupportMessageBodySchema, SupportMessageCreatedSchema } from '@quire/contracts';
import { bearerToken } from '../plugins/auth.ts';
import { createRateLimiter, enforceRateLimit } from '../services/rate-limiter.ts';
import type { SupportService } from '../services/support/support-service.ts';

/** Options of {@link supportRoutes}: the config's SUPPORT_EMAIL and the support service. */
export interface SupportRoutesOptions {
  supportEmail: string;
  support: SupportService;
}

/** The words of a sent message (workspace spec section 8). */
const SENT = "Message sent successfully! We'll get back to you within 24 hours.";

/** Support routes; register with prefix `/api`. */
export const supportRoutes: FastifyPluginAsync<SupportRoutesOptions> = async (app, { supportEmail, support }) => {
  // Ten messages an hour from one client: plenty for a person, a wall for a script filling the team's inbox.
  const messagesPerClient = createRateLimiter(app.db, 'support-messages-per-client', { limit: 10, windowMs: 60 * 60 * 1000 });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/support/contact', { schema: { response: { 200: SupportContactSchema } } }, async (_request, reply) => {
    // Changes only with the server's settings: a browser may keep it for a few minutes.
    void reply.header('cache-control', 'public, max-age=300');
    return { email: supportEmail };
  });

  r.post(
    '/support/messages',
    {
      bodyLimit: 64 * 1024,
      schema: {
        body: SupportMessageBodySchema,
        response: { 201: SupportMessageCreatedSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(messagesPerClient, request.ip, reply);
      const token = bearerToken(request);
      const user = token ? await app.auth.authenticate(token) : null;
      const { id } = await support.send(request.body, user?.id ?? null);
      return reply.status(201).send({ id, message: SENT });
    },
  );
};
