/**
 * POST /api/stripe/webhook (issue 12): Stripe's events. The body is read raw (a Buffer), because the signature is
 * of the exact bytes sent; this plugin is encapsulated, so its JSON parser changes no other route. Answers 200
 * `{ received: true }` for a handled, duplicate or ignored event, 400 for a bad signature, and 500 when handling
 * failed (Stripe then delivers the event again). Not registered without Stripe settings (404).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@quire/contracts';
import type { WebhookService } from '../services/billing/webhook-service.ts';

/** Largest event body accepted, in bytes (Stripe's events are a few kilobytes; subscriptions with many items more). */
const MAX_EVENT_BYTES = 512 * 1024;

/** Webhook route; register with prefix `/api/stripe` and the webhook service. */
export const stripeWebhookRoutes: FastifyPluginAsync<{ webhooks: WebhookService }> = async (app, { webhooks }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_EVENT_BYTES }, (_request, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/webhook',
    { schema: { response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: ErrorBodySchema } } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const outcome = await webhooks.receive(raw, typeof signature === 'string' ? signature : undefined);
      request.log.info({ outcome }, 'stripe webhook');
      return { received: true as const, outcome };
    },
  );
};
