/**
 * /api/auth: register, login, logout, current user (accounts spec section 7; messages of section 5); sign out
 * everywhere, forgot and reset password (accounts spec sections 2, 8 and 9; issue 12).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  ErrorBodySchema,
  ForgotPasswordBodySchema,
  ForgotPasswordResponseSchema,
  LoginBodySchema,
  MessageBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  UserSchema,
} from '@quire/contracts';
import { bearerToken, userIdOf } from '../plugins/auth.ts';
import type { AccountService } from '../services/account-service.ts';
import { toUser } from '../services/auth-service.ts';
import type { PasswordResetService } from '../services/password-reset-service.ts';
import { createRateLimiter, enforceRateLimit } from '../services/rate-limiter.ts';

/** The one answer of forgot-password, for known and unknown addresses alike (accounts spec section 8). */
const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that address, we have sent a link to reset its password.';

/** One hour, the window of the reset routes' rate limits, in milliseconds. */
const HOUR_MS = 60 * 60 * 1000;

/** Options of {@link authRoutes}. */
export interface AuthRoutesOptions {
  passwordReset: PasswordResetService;
  accounts: AccountService;
}

/** Auth routes; register with prefix `/api/auth` and the password reset and account services. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { passwordReset, accounts }) => {
  // Per plugin instance, so each app (and each test app) counts on its own. Limits of issue 12: 5 reset mails
  // per address and 20 reset requests per client address, per hour; a reset attempt counts on its own client
  // bucket (tokens are too long to guess, but each attempt costs a lookup).
  const forgotPerAddress = createRateLimiter({ limit: 5, windowMs: HOUR_MS });
  const forgotPerClient = createRateLimiter({ limit: 20, windowMs: HOUR_MS });
  const resetPerClient = createRateLimiter({ limit: 20, windowMs: HOUR_MS });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/register',
    {
      schema: {
        body: RegisterBodySchema,
        response: { 201: AuthResponseSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { token, user } = await app.auth.register(request.body);
      return reply.status(201).send({ token, user: toUser(user) });
    },
  );

  r.post(
    '/login',
    {
      schema: {
        body: LoginBodySchema,
        response: { 200: AuthResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const { token, user } = await app.auth.login(request.body);
      return { token, user: toUser(user) };
    },
  );

  // Logout is idempotent: it deletes the session of the presented token, if there is one, and always succeeds,
  // so a client whose session already expired can still sign out cleanly (accounts spec section 4).
  r.post('/logout', { schema: { response: { 200: MessageBodySchema } } }, async (request) => {
    const token = bearerToken(request);
    if (token) await app.auth.logout(token);
    return { message: 'Logged out' };
  });

  r.get(
    '/user',
    { onRequest: app.requireUser, schema: { response: { 200: UserSchema, 401: ErrorBodySchema } } },
    async (request) => toUser(request.user!),
  );

  r.post(
    '/logout-all',
    { onRequest: app.requireUser, schema: { response: { 200: MessageBodySchema, 401: ErrorBodySchema } } },
    async (request) => {
      await accounts.endAllSessions(userIdOf(request));
      return { message: 'Signed out on every device' };
    },
  );

  r.post(
    '/forgot-password',
    {
      schema: {
        body: ForgotPasswordBodySchema,
        response: { 200: ForgotPasswordResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      enforceRateLimit(forgotPerClient, request.ip, reply);
      enforceRateLimit(forgotPerAddress, request.body.email.toLowerCase(), reply);
      await passwordReset.requestReset(request.body.email);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  r.post(
    '/reset-password',
    {
      schema: {
        body: ResetPasswordBodySchema,
        response: { 200: MessageBodySchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      enforceRateLimit(resetPerClient, request.ip, reply);
      await passwordReset.resetPassword(request.body);
      return { message: 'Password reset successful' };
    },
  );
};
