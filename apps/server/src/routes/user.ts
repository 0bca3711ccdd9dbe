/**
 * /api/user: the signed-in user's settings (accounts spec section 7): GET /preferences (defaults when none are
 * saved; the web asks only while the preferences panel is open) and POST /preferences (the whole object at once);
 * the account itself (issue 12): PATCH /profile, POST /change-password, DELETE / (the account and all its data);
 * the plan (issue 12): GET /subscription, GET /free-trial, POST /upgrade, POST /subscription/cancel (cancel at the
 * end of the period paid for, or keep renewing). Change-password and account deletion answer 429 with `Retry-After`
 * (seconds) past their limit of password tries (issue 32, point 6; numbers below).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FreeTrialSchema,
  SubscriptionCancelBodySchema,
  SubscriptionSchema,
  UpgradeBodySchema,
  UpgradeResultSchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  ErrorBodySchema,
  MessageBodySchema,
  PreferencesSchema,
  UpdateProfileBodySchema,
  UserSchema,
} from '@quire/contracts';
import { z } from 'zod';
import { bearerToken, userIdOf } from '../plugins/auth.ts';
import type { AccountService } from '../services/account-service.ts';
import { toUser } from '../services/auth-service.ts';
import type { PreferencesService } from '../services/preferences-service.ts';
import type { CheckoutService } from '../services/billing/checkout-service.ts';
import type { EntitlementService } from '../services/billing/entitlement-service.ts';
import { createRateLimiter, enforceRateLimit, minutesToWait } from '../services/rate-limiter.ts';

/*
 * Password tries from a signed-in session (issue 32, point 6: change-password and account deletion took unlimited
 * tries, so a stolen session could guess the password that protects the account's deletion and its sign-in), limited
 * as sign-in is (routes/auth.ts, after the OWASP Authentication Cheat Sheet, "Login Throttling"): a threshold of tries
 * per account and per client address within a window, then a refusal that ends on its own. The two routes share one
 * budget (both check the same password), and every try counts, right or wrong, before the password is verified, so a
 * refused try costs no hashing and tells nothing about the password.
 */

/** Password tries per user (any client), over change-password and account deletion together, per window. */
export const ACCOUNT_PASSWORD_TRIES_PER_USER = 10;

/** Password tries per client address (any user) per window: sign-in's per-client figure. */
export const ACCOUNT_PASSWORD_TRIES_PER_CLIENT = 50;

/** The window of the two limits above, in milliseconds (15 minutes, as sign-in's). */
export const ACCOUNT_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/** The 429 sentence of both routes, for either limit. */
const passwordTriesLimitedMessage = (seconds: number) => `Too many password attempts. Please try again in ${minutesToWait(seconds)}.`;

/** Options of {@link userRoutes}. */
export interface UserRoutesOptions {
  preferences: PreferencesService;
  accounts: AccountService;
  entitlements: EntitlementService;
  checkout: CheckoutService;
}

/** User routes; register with prefix `/api/user` and the preferences and account services. */
export const userRoutes: FastifyPluginAsync<UserRoutesOptions> = async (app, { preferences, accounts, entitlements, checkout }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);
  // Counted in the database, shared by every API process on it (as sign-in's limits).
  const passwordTriesPerUser = createRateLimiter(app.db, 'account-password-per-user', { limit: ACCOUNT_PASSWORD_TRIES_PER_USER, windowMs: ACCOUNT_PASSWORD_WINDOW_MS });
  const passwordTriesPerClient = createRateLimiter(app.db, 'account-password-per-client', { limit: ACCOUNT_PASSWORD_TRIES_PER_CLIENT, windowMs: ACCOUNT_PASSWORD_WINDOW_MS });
  /** Counts one password try of the signed-in user; past either limit, 429 before the password is verified. */
  const limitPasswordTries = async (userId: string, client: string, reply: FastifyReply) => {
    await enforceRateLimit(passwordTriesPerClient, client, reply, passwordTriesLimitedMessage);
    await enforceRateLimit(passwordTriesPerUser, userId, reply, passwordTriesLimitedMessage);
  };

  r.get('/preferences', { schema: { response: { 200: PreferencesSchema, 401: ErrorBodySchema } } }, async (request) =>
    preferences.get(userIdOf(request)),
  );

  r.post(
    '/preferences',
    { schema: { body: PreferencesSchema, response: { 200: PreferencesSchema, 400: ErrorBodySchema, 401: ErrorBodySchema } } },
    async (request) => preferences.save(userIdOf(request), request.body),
  );

  r.get('/subscription', { schema: { response: { 200: SubscriptionSchema, 401: ErrorBodySchema } } }, async (request) =>
    entitlements.subscriptionOf(userIdOf(request)),
  );

  r.get('/free-trial', { schema: { response: { 200: FreeTrialSchema, 401: ErrorBodySchema } } }, async (request) =>
    entitlements.freeTrialOf(userIdOf(request)),
  );

  r.post(
    '/upgrade',
    {
      schema: {
        body: UpgradeBodySchema,
        response: { 200: UpgradeResultSchema, ...Object.fromEntries([400, 401, 502, 503].map((s) => [s, ErrorBodySchema])) },
      },
    },
    async (request) => checkout.changePlan(userIdOf(request), request.body.plan),
  );

  r.post(
    '/subscription/cancel',
    {
      schema: {
        body: SubscriptionCancelBodySchema,
        response: { 200: SubscriptionSchema, ...Object.fromEntries([400, 401, 409, 502, 503].map((s) => [s, ErrorBodySchema])) },
      },
    },
    async (request) => checkout.setCancelAtPeriodEnd(userIdOf(request), request.body.cancelAtPeriodEnd),
  );

  r.patch(
    '/profile',
    { schema: { body: UpdateProfileBodySchema, response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema } } },
    async (request) => toUser(await accounts.updateProfile(userIdOf(request), request.body)),
  );

  r.post(
    '/change-password',
    { schema: { body: ChangePasswordBodySchema, response: { 200: MessageBodySchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema } } },
    async (request, reply) => {
      await limitPasswordTries(userIdOf(request), request.ip, reply);
      // requireUser has accepted this very token, so it is present.
      await accounts.changePassword(userIdOf(request), bearerToken(request)!, request.body);
      return { message: 'Password changed' };
    },
  );

  r.delete(
    '/',
    { schema: { body: DeleteAccountBodySchema, response: { 204: z.null(), 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema } } },
    async (request, reply) => {
      await limitPasswordTries(userIdOf(request), request.ip, reply);
      await accounts.deleteAccount(userIdOf(request), request.body.password);
      return reply.status(204).send(null);
    },
  );
};
