/**
 * /api/auth: register, login, logout, current user (accounts spec section 7; messages of section 5); sign out
 * everywhere, forgot and reset password (accounts spec sections 2, 8 and 9; issue 12). Login, register, forgot and
 * reset password answer 429 with `Retry-After` (seconds) past their rate limits (issues 12 and 14; numbers below).
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
import { AppError } from '../errors.ts';
import type { AccountService } from '../services/account-service.ts';
import { clientLane, normalizeEmail, toUser } from '../services/auth-service.ts';
import type { PasswordResetService } from '../services/password-reset-service.ts';
import { createRateLimiter, enforceRateLimit, minutesToWait } from '../services/rate-limiter.ts';

/** The one answer of forgot-password, for known and unknown addresses alike (accounts spec section 8). */
const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that address, we have sent a link to reset its password.';

/** One hour, the window of the reset and register routes' rate limits, in milliseconds. */
const HOUR_MS = 60 * 60 * 1000;

/*
 * Login limits (issue 14), after the OWASP Authentication Cheat Sheet ("Login Throttling", "Account Lockout": a
 * threshold of tries within an observation window, then a lockout that ends on its own) and the OWASP Credential
 * Stuffing Prevention Cheat Sheet (throttle per client address as well, since stuffing tries one password on many
 * accounts); NIST SP 800-63B section 5.2.2 asks for at most 100 failed tries per account before throttling.
 * Every try counts, right or wrong: the limits are checked before the account is looked up or the password verified,
 * so a refused try costs no password hashing and tells nothing about the password, and the answer past either limit
 * is the same 429 whether or not an account has the address (no account enumeration). A person mistyping a password meets neither limit; a guessing or
 * stuffing flood does. Someone who floods one address can keep its owner out of login for a window at most (the
 * lockout trade-off the cheat sheet names); forgot-password and existing sessions still work.
 */

/** Login tries per email address (any client) and window: room for many typing mistakes, far too few to guess. */
export const LOGIN_TRIES_PER_ADDRESS = 10;

/** Login tries per client address (any email) and window: a shared office or school network signs in well below this. */
export const LOGIN_TRIES_PER_CLIENT = 50;

/** The window of {@link LOGIN_TRIES_PER_ADDRESS} and {@link LOGIN_TRIES_PER_CLIENT}, in milliseconds (15 minutes). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Accounts created per client address and hour (window {@link HOUR_MS}): a household or classroom signing up together
 * stays under it, a script making throwaway accounts (each with free exports and its own import quota) does not.
 * Every try counts, so probing which addresses have accounts (409) is bounded too.
 */
export const REGISTRATIONS_PER_CLIENT_PER_HOUR = 10;

/** The 429 sentence of login: the same for either limit, and for known and unknown addresses alike. */
const loginLimitedMessage = (seconds: number) => `Too many sign-in attempts. Please try again in ${minutesToWait(seconds)}.`;

/** The 429 sentence of register. */
const registerLimitedMessage = (seconds: number) =>
  `Too many accounts were created from this network. Please try again in ${minutesToWait(seconds)}.`;

/** Options of {@link authRoutes}. */
export interface AuthRoutesOptions {
  passwordReset: PasswordResetService;
  accounts: AccountService;
}

/** Auth routes; register with prefix `/api/auth` and the password reset and account services. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { passwordReset, accounts }) => {
  // Counted in the database, shared by every API process on it (each test app has its own). Limits of issue 12: 5
  // reset mails per address and 20 reset requests per client address, per hour; a reset attempt counts on its own
  // client bucket (tokens are too long to guess, but each attempt costs a lookup). Login and register: issue 14, above.
  // The client address is `request.ip`: behind a reverse proxy, QUIRE_TRUST_PROXY makes it the forwarded client's.
  const forgotPerAddress = createRateLimiter(app.db, 'forgot-password-per-address', { limit: 5, windowMs: HOUR_MS });
  const forgotPerClient = createRateLimiter(app.db, 'forgot-password-per-client', { limit: 20, windowMs: HOUR_MS });
  const resetPerClient = createRateLimiter(app.db, 'reset-password-per-client', { limit: 20, windowMs: HOUR_MS });
  const loginPerAddress = createRateLimiter(app.db, 'login-per-address', { limit: LOGIN_TRIES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS });
  const loginPerClient = createRateLimiter(app.db, 'login-per-client', { limit: LOGIN_TRIES_PER_CLIENT, windowMs: LOGIN_WINDOW_MS });
  const registerPerClient = createRateLimiter(app.db, 'register-per-client', { limit: REGISTRATIONS_PER_CLIENT_PER_HOUR, windowMs: HOUR_MS });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/register',
    {
      schema: {
        body: RegisterBodySchema,
        response: { 201: AuthResponseSchema, 400: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(registerPerClient, request.ip, reply, registerLimitedMessage);
      const { token, user } = await app.auth.register(request.body, clientLane(request.ip));
      return reply.status(201).send({ token, user: toUser(user) });
    },
  );

  r.post(
    '/login',
    {
      schema: {
        body: LoginBodySchema,
        response: { 200: AuthResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(loginPerClient, request.ip, reply, loginLimitedMessage);
      await enforceRateLimit(loginPerAddress, normalizeEmail(request.body.email), reply, loginLimitedMessage);
      const { token, user } = await app.auth.login(request.body, clientLane(request.ip));
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
    async (request) => {
      // Deleted since the session was checked: as signed out.
      const user = await app.auth.userById(userIdOf(request));
      if (!user) throw new AppError('UNAUTHORIZED');
      return toUser(user);
    },
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
      await enforceRateLimit(forgotPerClient, request.ip, reply);
      await enforceRateLimit(forgotPerAddress, request.body.email.toLowerCase(), reply);
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
      await enforceRateLimit(resetPerClient, request.ip, reply);
      await passwordReset.resetPassword(request.body);
      return { message: 'Password reset successful' };
    },
  );
};
