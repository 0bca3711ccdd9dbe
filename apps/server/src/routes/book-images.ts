/**
 * GET /api/books/:id/images/:name: one image of the caller's book, for the web's previews (issue 3, "Import":
 * images of imported files). Another user's book, a name that is not delete-safe and an image the book does not
 * have are all 404. The image is answered with its stored media type and headers that keep a browser from
 * reading it as anything else (no sniffing, no scripts or sub-resources). It is streamed from the storage.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, FILE_NAME_MAX_CHARS, ID_MAX_CHARS } from '@quire/contracts';
import { AppError } from '../errors.ts';
import { userIdOf } from '../plugins/auth.ts';
import type { BookAssetService } from '../services/book-asset-service.ts';
import type { BookService } from '../services/book-service.ts';

/** Path parameters: the book id and the image's file name (`img-1.png`); both checked by the services. */
const BookImageParamsSchema = z.object({ id: z.string().max(ID_MAX_CHARS), name: z.string().max(FILE_NAME_MAX_CHARS) });

/** Book image routes; register with prefix `/api/books`, the book service and the image service. */
export const bookImageRoutes: FastifyPluginAsync<{ books: Pick<BookService, 'load'>; assets: Pick<BookAssetService, 'open'> }> = async (
  app,
  { books, assets },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.get(
    '/:id/images/:name',
    {
      schema: {
        params: BookImageParamsSchema,
        // The body is the image's bytes (sent as a stream, which fastify does not serialize).
        response: { 200: z.instanceof(Readable), 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const book = await books.load(userIdOf(request), request.params.id);
      const image = await assets.open(book.id, request.params.name);
      if (!image) throw new AppError('NOT_FOUND', 'Image not found');
      return reply
        .status(200)
        .header('content-type', image.mediaType)
        .header('content-length', image.sizeBytes)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, max-age=3600')
        .send(image.stream);
    },
  );
};
