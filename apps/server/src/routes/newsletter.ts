/**
 * Newsletter routes (issue 13: newsletter boxes with double opt-in, and the exit-intent popup's leads), all open to
 * visitors and rate-limited per client:
 * - POST /newsletter/subscribe {email, source}: mails a confirmation link; 202 with the same words for any address;
 * - POST /newsletter/confirm {token} and /newsletter/unsubscribe {token}: the mailed links' pages call these;
 * - POST /newsletter/leads {email, source: 'exit-intent'}: keeps the address as a lead; 201.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  MessageBodySchema,
  NewsletterLeadBodySchema,
  NewsletterSubscribeBodySchema,
  NewsletterTokenBodySchema,
} from '@quire/contracts';
import { createRateLimiter, enforceRateLimit } from '../services/rate-limiter.ts';
import type { NewsletterService } from '../services/newsletter/newsletter-service.ts';

/** One hour, the window of the newsletter's rate limits, in milliseconds. */
const HOUR_MS = 60 * 60 * 1000;

/** Newsletter routes; register with prefix `/api/newsletter`. */
export const newsletterRoutes: FastifyPluginAsync<{ newsletter: NewsletterService }> = async (app, { newsletter }) => {
  // Confirmation mails: 3 an hour to one address (nobody can flood a stranger's inbox), 20 an hour from one client.
  const mailsPerAddress = createRateLimiter(app.db, 'newsletter-mails-per-address', { limit: 3, windowMs: HOUR_MS });
  const requestsPerClient = createRateLimiter(app.db, 'newsletter-requests-per-client', { limit: 20, windowMs: HOUR_MS });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = { 400: ErrorBodySchema, 429: ErrorBodySchema };

  r.post(
    '/subscribe',
    { schema: { body: NewsletterSubscribeBodySchema, response: { 202: MessageBodySchema, ...answers } } },
    async (request, reply) => {
      await enforceRateLimit(requestsPerClient, request.ip, reply);
      await enforceRateLimit(mailsPerAddress, request.body.email.toLowerCase(), reply);
      await newsletter.subscribe(request.body.email, request.body.source);
      return reply.status(202).send({ message: 'Almost done: check your inbox and open the link we sent to confirm your subscription.' });
    },
  );

  r.post(
    '/leads',
    { schema: { body: NewsletterLeadBodySchema, response: { 201: MessageBodySchema, ...answers } } },
    async (request, reply) => {
      await enforceRateLimit(requestsPerClient, request.ip, reply);
      await newsletter.addLead(request.body.email);
      return reply.status(201).send({ message: 'Saved.' });
    },
  );

  r.post('/confirm', { schema: { body: NewsletterTokenBodySchema, response: { 200: MessageBodySchema, ...answers } } }, async (request, reply) => {
    await enforceRateLimit(requestsPerClient, request.ip, reply);
    await newsletter.confirm(request.body.token);
    return { message: 'Your subscription is confirmed. The next newsletter will reach you.' };
  });

  r.post('/unsubscribe', { schema: { body: NewsletterTokenBodySchema, response: { 200: MessageBodySchema, ...answers } } }, async (request, reply) => {
    await enforceRateLimit(requestsPerClient, request.ip, reply);
    await newsletter.unsubscribe(request.body.token);
    return { message: 'You are unsubscribed. We will not send you the newsletter again.' };
  });
};
