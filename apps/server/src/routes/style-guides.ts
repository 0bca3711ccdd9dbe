/**
 * /api/style-guides (workspace spec section 5, "Upload style guide"; section 3, "user_style_guides"): the
 * built-in style guides followed by the caller's uploaded ones, uploading a guide (multipart: `file`, optional
 * `name` and `university`) and deleting one. Every route needs a bearer token; another user's guide is a 404.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, STYLE_GUIDE_MAX_BYTES, StyleGuideListSchema, StyleGuideTemplateSchema, TemplateIdParamsSchema } from '@quire/contracts';
import { AppError } from '../errors.ts';
import { userIdOf } from '../plugins/auth.ts';
import type { StyleGuideService, StyleGuideUpload } from '../services/style-guide-service.ts';

/** Error statuses of an upload: no file, auth, too large, unsupported type, unreadable. */
const UPLOAD_ERRORS = Object.fromEntries([400, 401, 403, 413, 415, 422].map((s) => [s, ErrorBodySchema]));

/** Options of {@link styleGuideRoutes}: the service, and the plan check of an upload (premium and publisher). */
export interface StyleGuideRoutesOptions {
  styleGuides: StyleGuideService;
  /** @throws AppError `FEATURE_NOT_IN_PLAN` (403) when the user's plan has no style-guide upload. */
  requireFeature?: (userId: string, feature: 'style-guide-upload') => Promise<void>;
}

/** Style-guide routes; register with prefix `/api` and the style-guide service. */
export const styleGuideRoutes: FastifyPluginAsync<StyleGuideRoutesOptions> = async (app, { styleGuides, requireFeature }) => {
  // One file of at most 10 MB and two short text fields, in this plugin only.
  await app.register(multipart, { limits: { fileSize: STYLE_GUIDE_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 1024 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get('/style-guides', { schema: { response: { 200: StyleGuideListSchema, 401: ErrorBodySchema } } }, async (request) =>
    styleGuides.list(userIdOf(request)),
  );

  r.post('/style-guides', { schema: { response: { 201: StyleGuideTemplateSchema, ...UPLOAD_ERRORS } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError('VALIDATION', 'Please choose a style guide file to upload (form field "file").');
    // Refused before the file is read: its upload would be for nothing.
    await requireFeature?.(userIdOf(request), 'style-guide-upload');
    let file: Pick<StyleGuideUpload, 'bytes' | 'fileName'> | undefined;
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer();
          continue;
        }
        file = { bytes: new Uint8Array(await part.toBuffer()), fileName: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    if (!file) throw new AppError('VALIDATION', 'Please choose a style guide file to upload (form field "file").');
    const guide = await styleGuides.upload(userIdOf(request), {
      ...file,
      ...(fields.name !== undefined ? { name: fields.name } : {}),
      ...(fields.university !== undefined ? { university: fields.university } : {}),
    });
    return reply.status(201).send(guide);
  });

  r.delete(
    '/style-guides/:id',
    { schema: { params: TemplateIdParamsSchema, response: { 204: z.null(), 401: ErrorBodySchema, 404: ErrorBodySchema } } },
    async (request, reply) => {
      await styleGuides.remove(userIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
