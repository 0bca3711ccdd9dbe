/**
 * Payment routes (issue 12; workspace spec section 7, accounts spec section 7): GET /billing/config (public: whether
 * this server takes payments, and the publishable key), and, for a signed-in user, POST /create-payment-intent,
 * /get-or-create-subscription, /create-publisher-subscription and /create-concierge-payment, each answering the
 * client secret Stripe's Payment Element confirms. Without STRIPE_SECRET_KEY the POSTs answer 503 saying that
 * payments are not configured on this server.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingConfigSchema,
  ClientSecretSchema,
  ConciergePaymentBodySchema,
  CreatePaymentIntentBodySchema,
  ErrorBodySchema,
  SubscriptionCheckoutBodySchema,
} from '@quire/contracts';
import { userIdOf } from '../plugins/auth.ts';
import type { CheckoutService } from '../services/billing/checkout-service.ts';

/** Error answers of the payment set-up calls. */
const ERRORS = Object.fromEntries([400, 401, 404, 409, 502, 503].map((s) => [s, ErrorBodySchema]));

/** Billing routes; register with prefix `/api` and the checkout service. */
export const billingRoutes: FastifyPluginAsync<{ checkout: CheckoutService }> = async (app, { checkout }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/billing/config', { schema: { response: { 200: BillingConfigSchema } } }, async () => checkout.config());

  r.post(
    '/create-payment-intent',
    { onRequest: app.requireUser, schema: { body: CreatePaymentIntentBodySchema, response: { 200: ClientSecretSchema, ...ERRORS } } },
    async (request) => checkout.payForDocument(userIdOf(request), request.body),
  );

  r.post(
    '/get-or-create-subscription',
    {
      onRequest: app.requireUser,
      // The workspace spec's page posts no body: premium then.
      schema: { body: SubscriptionCheckoutBodySchema.optional(), response: { 200: ClientSecretSchema, ...ERRORS } },
    },
    async (request) => checkout.subscribe(userIdOf(request), request.body?.plan ?? 'premium'),
  );

  r.post(
    '/create-publisher-subscription',
    { onRequest: app.requireUser, schema: { body: z.unknown().optional(), response: { 200: ClientSecretSchema, ...ERRORS } } },
    async (request) => checkout.subscribe(userIdOf(request), 'publisher'),
  );

  r.post(
    '/create-concierge-payment',
    { onRequest: app.requireUser, schema: { body: ConciergePaymentBodySchema, response: { 200: ClientSecretSchema, ...ERRORS } } },
    async (request) => checkout.payForConcierge(userIdOf(request), request.body.projectData),
  );
};
