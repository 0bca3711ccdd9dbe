/**
 * /api/user: the signed-in user's settings (accounts spec section 7): GET /preferences (defaults when none are
 * saved; the web asks only while the preferences panel is open) and POST /preferences (the whole object at once).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, PreferencesSchema } from '@quire/contracts';
import { userIdOf } from '../plugins/auth.ts';
import type { PreferencesService } from '../services/preferences-service.ts';

/** User routes; register with prefix `/api/user` and the preferences service. */
export const userRoutes: FastifyPluginAsync<{ preferences: PreferencesService }> = async (app, { preferences }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get('/preferences', { schema: { response: { 200: PreferencesSchema, 401: ErrorBodySchema } } }, async (request) =>
    preferences.get(userIdOf(request)),
  );

  r.post(
    '/preferences',
    { schema: { body: PreferencesSchema, response: { 200: PreferencesSchema, 400: ErrorBodySchema, 401: ErrorBodySchema } } },
    async (request) => preferences.save(userIdOf(request), request.body),
  );
};
