/**
 * The OpenAPI 3.1 document of the API (issue 14, "Security": every route described from the contracts' zod schemas),
 * served as JSON at `GET /api/docs`. @fastify/swagger collects the routes through an `onRoute` hook, so this plugin is
 * registered before the route plugins; fastify-type-provider-zod turns each route's zod schemas into JSON Schema
 * (draft 2020-12, the dialect of OpenAPI 3.1): request schemas as their input, responses as their output.
 *
 * Only the API is described: the web app's files and pages, robots.txt and sitemap.xml (any route outside `/api/`)
 * are hidden. Each operation is tagged with its area, the path segment after `/api/` (`books`, `auth`...). A response
 * of bytes (`z.instanceof(Buffer)`, or `z.instanceof(Readable)` for a file streamed from the storage: exports,
 * covers, images) is described as binary content. A route that can answer 401 names its security scheme: the bearer
 * token of a user's session, or the admin area's `x-admin-token`.
 *
 * The document is built at the first request and kept: it changes only with a release. Only the JSON is served, no
 * UI page (which would have to live under the pages' strict Content-Security-Policy): any OpenAPI viewer reads it.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where the document is served. */
export const OPENAPI_DOCUMENT_URL = '/api/docs';

/** The server's version (apps/server/package.json), the document's `info.version`. */
function serverVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

/** True for a route of the API: `/api` and every path under `/api/`. */
function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** The area of an API route, for its tag: `/api/books/:id` -> `books`; null for `/api` itself. */
function areaOf(url: string): string | null {
  const segment = url.split('/')[2];
  return segment ? segment : null;
}

/**
 * True for `z.instanceof(Buffer)` (or Uint8Array, or Readable: a file streamed from the storage): a response of bytes,
 * which JSON Schema cannot describe.
 */
function isBytesSchema(schema: unknown): boolean {
  if (!(schema instanceof z.ZodType)) return false;
  const cls = (schema._zod.bag as { Class?: unknown }).Class;
  return cls === Buffer || cls === Uint8Array || cls === Readable;
}

/** The security schemes of the document: a user's session token, and the admin area's token. */
const BEARER_SCHEME = 'bearerAuth';
const ADMIN_SCHEME = 'adminToken';
const SECURITY_SCHEMES = {
  [BEARER_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description: 'The token that POST /api/auth/login or /api/auth/register answers, as `Authorization: Bearer <token>`.',
  },
  [ADMIN_SCHEME]: {
    type: 'apiKey',
    in: 'header',
    name: 'x-admin-token',
    description: 'The admin session token that POST /api/admin/login answers.',
  },
} as const;

/** Sign-in routes: they answer 401 for wrong credentials, and need no token. */
const SIGN_IN_URLS = new Set(['/api/auth/login', '/api/admin/verify-password']);

/**
 * The security scheme of an API route: a route that can answer 401 needs a session (the admin area its own token),
 * except the sign-in routes; the sign-out routes take the token they end (and answer 204 without one).
 */
function securityOf(url: string, answers401: boolean): string | null {
  if (url === '/api/auth/logout') return BEARER_SCHEME;
  if (url === '/api/admin/logout') return ADMIN_SCHEME;
  if (!answers401 || SIGN_IN_URLS.has(url)) return null;
  return areaOf(url) === 'admin' ? ADMIN_SCHEME : BEARER_SCHEME;
}

/** How a response of bytes (a download: PDF, EPUB, image...) is described: binary content, not JSON. */
const BYTES_RESPONSE = {
  description: 'The file, as bytes; its Content-Type names the format.',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

/**
 * The zod schemas of an API route as JSON Schema, its byte responses as binary content and its area as a tag; every
 * other route hidden.
 */
const describeApiRoutes = (): SwaggerTransform => {
  const zodToJsonSchema = createJsonSchemaTransform({ skipList: [] });
  return (document) => {
    if (!isApiUrl(document.url)) return { schema: { hide: true }, url: document.url };
    // A route without any schema comes back without one (typed as always there).
    const { schema, url } = zodToJsonSchema(document) as { schema: FastifySchema | undefined; url: string };
    if (schema?.hide) return { schema, url };
    const described: FastifySchema = { ...schema };
    const responses = (document.schema?.response ?? {}) as Record<string, unknown>;
    for (const status of Object.keys(responses)) {
      if (isBytesSchema(responses[status])) described.response = { ...(described.response as object), [status]: BYTES_RESPONSE };
    }
    const area = areaOf(url);
    if (described.tags === undefined && area) described.tags = [area];
    const scheme = securityOf(url, '401' in responses || 401 in responses);
    if (scheme) (described as { security?: unknown }).security = [{ [scheme]: [] }];
    return { schema: described, url };
  };
};

/** What `GET /api/docs` answers: an OpenAPI 3.x document (its other members are left to the OpenAPI specification). */
const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Registers @fastify/swagger for the routes registered after it, and `GET /api/docs`. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Quire API',
          version: serverVersion(),
          description:
            'Quire turns a text into a book: import a manuscript or a public-domain book, clean it, lay it out and ' +
            'export it as a print-ready PDF, EPUB, Word or HTML file, with its cover.',
        },
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: describeApiRoutes(),
      // Schemas registered with an id in zod's global registry become components the operations refer to.
      transformObject: jsonSchemaTransformObject,
    });

    let documentJson: string | null = null;
    app.get(
      OPENAPI_DOCUMENT_URL,
      { schema: { summary: 'This OpenAPI document', response: { 200: OpenApiDocumentSchema } } },
      async (_request, reply) => {
        documentJson ??= JSON.stringify(app.swagger());
        // Sent as it is: a string with a JSON type skips the response serializer. Public, and fixed until the next
        // release: a client may keep it a few minutes.
        return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(documentJson);
      },
    );
  },
  { name: 'quire-openapi' },
);
