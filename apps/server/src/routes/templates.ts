/**
 * /api/templates (workspace spec sections 2 and 3, Format tab: Template Formatting and Advanced Custom): the
 * built-in formatting templates with the caller's custom ones, saving and deleting a custom template (the style
 * guides are in style-guides.ts), and the shipped font each generic family is set in (`GET /api/fonts`). Every
 * route needs a bearer token; another user's template is a 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateCustomTemplateBodySchema,
  ErrorBodySchema,
  FONT_GENERICS,
  FontDefaultListSchema,
  TemplateIdParamsSchema,
  TemplateListItemSchema,
  TemplateListSchema,
} from '@quire/contracts';
import { DEFAULT_FAMILY_FOR_GENERIC, describeFont } from '@quire/engine';
import { userIdOf } from '../plugins/auth.ts';
import type { TemplateService } from '../services/template-service.ts';

/** Template routes; register with prefix `/api` and the template service. */
export const templateRoutes: FastifyPluginAsync<{ templates: TemplateService }> = async (app, { templates }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get('/templates', { schema: { response: { 200: TemplateListSchema, 401: ErrorBodySchema } } }, async (request) =>
    templates.list(userIdOf(request)),
  );

  r.post(
    '/templates',
    {
      schema: {
        body: CreateCustomTemplateBodySchema,
        response: { 201: TemplateListItemSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await templates.create(userIdOf(request), request.body)),
  );

  // The family each generic is set in when a user picks it over the layout's own (engine `settingsToLayout`).
  r.get('/fonts', { schema: { response: { 200: FontDefaultListSchema, 401: ErrorBodySchema } } }, async () =>
    FONT_GENERICS.map((generic) => {
      const family = DEFAULT_FAMILY_FOR_GENERIC[generic];
      return { generic, family, label: describeFont(family) };
    }),
  );

  r.delete(
    '/templates/:id',
    { schema: { params: TemplateIdParamsSchema, response: { 204: z.null(), 401: ErrorBodySchema, 404: ErrorBodySchema } } },
    async (request, reply) => {
      await templates.remove(userIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
