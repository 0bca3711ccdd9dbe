/**
 * /api/auth: register, login, logout, current user (accounts spec section 7; messages of section 5).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthResponseSchema, ErrorBodySchema, LoginBodySchema, MessageBodySchema, RegisterBodySchema, UserSchema } from '@quire/contracts';
import { bearerToken } from '../plugins/auth.ts';
import { toUser } from '../services/auth-service.ts';

/** Auth routes; register with prefix `/api/auth`. */
export const authRoutes: FastifyPluginAsync = async (app) => {
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
};
