/**
 * The OpenAPI document (issue 14, "Security": every route described from the contracts' zod schemas, served at
 * `/api/docs`). Every route is collected as the app registers it (route-collector.ts: an `onRoute` hook on the app's
 * own Fastify instance), with the Stripe webhook too. Then each API route must be in the document with a schema for
 * its success response (binary content for a download) and a schema for each part of the request it declares: path
 * parameters (every `:name` of its URL), querystring, headers and JSON body. A POST, PUT or PATCH without a body
 * schema must be in NO_BODY_SCHEMA below with its reason (one whose body schema accepts anything, in
 * BODY_ACCEPTS_ANYTHING). A small app of its own checks that the check names a route without schemas. Pages, files, robots.txt and sitemap.xml are
 * not in the document.
 */
import type * as Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EMAIL_MAX_CHARS } from '@quire/contracts';
import { openApiPlugin } from '../../src/plugins/openapi.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

// Every route the app registers, with its schemas (see route-collector.ts).
const { collectRoutes, registeredRoutes } = await vi.hoisted(() => import('../route-collector.ts'));
vi.mock('fastify', collectRoutes);

/**
 * API routes that take a request body without a JSON Schema for it, with the reason. A new POST, PUT or PATCH route
 * without a `body` schema fails the test until it is given one or listed here.
 */
const NO_BODY_SCHEMA: Record<string, string> = {
  'POST /api/auth/logout': 'takes no body: the session is the bearer token',
  'POST /api/auth/logout-all': 'takes no body: the session is the bearer token',
  'POST /api/books/:id/clean': 'takes no body: the book is in the path',
  'POST /api/books/:id/undo-clean': 'takes no body: the book is in the path',
  'POST /api/books/:id/export/:format': 'takes no body: the book and the format are in the path',
  'POST /api/books/:id/ai-clean': 'takes no body: the book is in the path',
  'POST /api/admin/logout': 'takes no body: the admin session is the x-admin-token header',
  'POST /api/books/:id/covers/artwork': 'multipart/form-data upload of the artwork image, streamed, not a JSON body',
  'POST /api/style-guides': 'multipart/form-data upload of the style guide file, streamed, not a JSON body',
  'POST /api/stripe/webhook': "Stripe's event as raw bytes: its signature is checked over the exact body",
};

/**
 * API routes whose body schema accepts any JSON value (`{}` in the document), with the reason: the body is accepted
 * for compatibility and ignored (request-limits.test.ts lists the same fields).
 */
const BODY_ACCEPTS_ANYTHING: Record<string, string> = {
  'POST /api/create-publisher-subscription': "the workspace spec's page posts a body; it is ignored, the plan is always publisher",
};

/** Statuses whose answer has no content (RFC 9110 sections 15.3.5 and 15.3.6): their schema is `z.null()`. */
const NO_CONTENT = new Set(['204', '205']);

/** Methods whose request carries a body. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

interface OpenApiMediaType {
  schema?: Record<string, unknown>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: Record<string, unknown> }[];
  requestBody?: { content?: Record<string, OpenApiMediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, OpenApiMediaType> }>;
  tags?: string[];
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, Record<string, unknown>> };
}

/** A JSON Schema that says something (`{}` accepts anything: a `z.any()` or an unrepresentable type). */
const describes = (schema: Record<string, unknown> | undefined): boolean => schema !== undefined && Object.keys(schema).length > 0;

/** True when some media type of `content` has a schema that says something. */
const hasContentSchema = (content: Record<string, OpenApiMediaType> | undefined): boolean =>
  Object.values(content ?? {}).some((media) => describes(media.schema));

/** The OpenAPI path of a Fastify URL: `/api/books/:id` -> `/api/books/{id}`. */
const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The path parameters of a Fastify URL. */
const pathParams = (url: string): string[] => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');

/** An API route: one method of one URL under /api (HEAD, Fastify's twin of each GET, left out). */
interface ApiRoute {
  name: string;
  method: string;
  url: string;
  schema: Record<string, unknown>;
}

/** Every API route of `routes` (default: those the app registered). */
function apiRoutes(routes: readonly RouteOptions[] = registeredRoutes): ApiRoute[] {
  const seen = new Set<string>();
  const out: ApiRoute[] = [];
  for (const route of routes) {
    if (!(route.url === '/api' || route.url.startsWith('/api/'))) continue;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      const name = `${method} ${route.url}`;
      if (method === 'HEAD' || seen.has(name)) continue;
      seen.add(name);
      out.push({ name, method, url: route.url, schema: (route.schema ?? {}) as Record<string, unknown> });
    }
  }
  return out;
}

/** What is missing from the document for `route`, one line each (empty when it is fully described). */
function missingFor(route: ApiRoute, doc: OpenApiDocument): string[] {
  const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
  if (!op) return [`${route.name}: not in the document`];
  const missing: string[] = [];

  const declared = Object.keys((route.schema.response ?? {}) as object);
  const success = declared.filter((status) => /^2/.test(status)).sort()[0];
  if (!success) {
    missing.push(`${route.name}: no response schema for its success status`);
  } else {
    const response = op.responses?.[success];
    if (!response) missing.push(`${route.name}: response ${success} not in the document`);
    else if (!NO_CONTENT.has(success) && !hasContentSchema(response.content)) missing.push(`${route.name}: response ${success} without a schema`);
  }

  const parameters = op.parameters ?? [];
  const inPath = pathParams(route.url);
  if (inPath.length > 0 && !route.schema.params) missing.push(`${route.name}: no params schema`);
  for (const name of inPath) {
    if (!describes(parameters.find((p) => p.in === 'path' && p.name === name)?.schema)) missing.push(`${route.name}: path parameter ${name} without a schema`);
  }
  if (route.schema.querystring && !parameters.some((p) => p.in === 'query' && describes(p.schema))) {
    missing.push(`${route.name}: querystring schema not in the document`);
  }
  // A header that is a security scheme's (x-admin-token) is described by that scheme, not as a parameter.
  const bySecurity = ((op as { security?: Record<string, unknown>[] }).security ?? []).length > 0;
  if (route.schema.headers && !bySecurity && !parameters.some((p) => p.in === 'header' && describes(p.schema))) {
    missing.push(`${route.name}: headers schema not in the document`);
  }
  if (route.schema.body) {
    if (!hasContentSchema(op.requestBody?.content) && !Object.hasOwn(BODY_ACCEPTS_ANYTHING, route.name)) missing.push(`${route.name}: body schema not in the document`);
  } else if (BODY_METHODS.has(route.method) && !Object.hasOwn(NO_BODY_SCHEMA, route.name)) {
    missing.push(`${route.name}: no body schema (give it one, or list it in NO_BODY_SCHEMA with the reason)`);
  }
  return missing;
}

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  // With Stripe settings, so that the webhook route is registered too (nothing is asked of Stripe here).
  t = await buildTestApp({ stripe: { secretKey: 'sk_test_quire', publishableKey: 'pk_test_quire', webhookSecret: 'whsec_quire', apiUrl: 'http://127.0.0.1:9' } });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json() as OpenApiDocument;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/docs', () => {
  it('answers an OpenAPI 3.1 document of the Quire API as JSON, the same each time', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('Quire API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.info.description).toBeTruthy();

    const again = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.json()).toEqual(doc);
  });

  it('describes POST /api/auth/login from the contracts: the e-mail field bounded, the session answered', () => {
    const login = doc.paths['/api/auth/login']?.post;
    const body = login?.requestBody?.content?.['application/json']?.schema as { properties?: Record<string, { type?: string; maxLength?: number }> };
    expect(body.properties?.email).toMatchObject({ type: 'string', maxLength: EMAIL_MAX_CHARS });
    expect(body.properties?.password).toMatchObject({ type: 'string' });
    const ok = login?.responses?.['200']?.content?.['application/json']?.schema as { properties?: Record<string, unknown> };
    expect(Object.keys(ok.properties ?? {})).toEqual(expect.arrayContaining(['token', 'user']));
    expect(login?.tags).toEqual(['auth']);
  });

  it('describes GET /api/plans with its 200 answer, and a book route with its path parameter', () => {
    const plans = doc.paths['/api/plans']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(describes(plans)).toBe(true);
    const book = doc.paths['/api/books/{id}']?.get;
    expect(book?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id', required: true })]));
  });

  it('names who may call each route: a user’s bearer token, the admin token, or nobody for the public and sign-in routes', () => {
    expect(doc.components?.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      adminToken: { type: 'apiKey', in: 'header', name: 'x-admin-token' },
    });
    const security = (path: string, method: string) => (doc.paths[path]?.[method] as { security?: unknown } | undefined)?.security ?? null;
    expect(security('/api/books/{id}', 'get')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/import', 'post')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/auth/logout', 'post')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/admin/analytics', 'get')).toEqual([{ adminToken: [] }]);
    for (const [path, method] of [['/api/auth/login', 'post'], ['/api/auth/register', 'post'], ['/api/admin/verify-password', 'post'], ['/api/plans', 'get'], ['/api/health', 'get']] as const) {
      expect(security(path, method), `${method} ${path}`).toBeNull();
    }
  });

  it('describes a download as binary content, not as JSON', () => {
    const pdf = doc.paths['/api/books/{id}/covers/{coverId}/wrap.pdf']?.get?.responses?.['200'];
    expect(pdf?.content).toEqual({ 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } });
  });
});

describe('every API route', () => {
  it('is collected as the app registers it, from every API area', () => {
    const names = apiRoutes().map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'GET /api/books/:id',
        'POST /api/import',
        'GET /api/plans',
        'POST /api/stripe/webhook',
        'GET /api/admin/analytics',
        'GET /api/health',
        'GET /api/docs',
      ]),
    );
    expect(names.length).toBeGreaterThan(60);
  });

  it('is in the document with a success response schema and a schema for each part of its request', () => {
    const missing = apiRoutes().flatMap((route) => missingFor(route, doc));
    expect(missing, 'routes the OpenAPI document does not fully describe').toEqual([]);
  });

  it('has no stale entry in NO_BODY_SCHEMA or BODY_ACCEPTS_ANYTHING', () => {
    const routes = new Map(apiRoutes().map((r) => [r.name, r]));
    const stale = Object.keys(NO_BODY_SCHEMA).filter((name) => !routes.has(name) || routes.get(name)?.schema.body !== undefined);
    expect(stale, 'NO_BODY_SCHEMA entries for routes that do not exist or have a body schema').toEqual([]);
    const described = Object.keys(BODY_ACCEPTS_ANYTHING).filter((name) => {
      const route = routes.get(name);
      return !route || hasContentSchema(doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.requestBody?.content);
    });
    expect(described, 'BODY_ACCEPTS_ANYTHING entries for routes that do not exist or whose body schema says something').toEqual([]);
  });

  it('and nothing else is in the document: pages, files, robots.txt and sitemap.xml are hidden', () => {
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const expected = apiRoutes().map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(documented.sort()).toEqual(expected.sort());
    expect(registeredRoutes.some((r) => r.url === '/robots.txt')).toBe(true);
    expect(registeredRoutes.some((r) => r.url === '/sitemap.xml')).toBe(true);
  });
});

describe('the check', () => {
  it('names each route of a small app that lacks a schema, and hides its page', async () => {
    // The real Fastify, not the one mocked above: these routes are not the app's.
    const { default: fastify } = await vi.importActual<typeof Fastify>('fastify');
    const probe = fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    const routes: RouteOptions[] = [];
    probe.addHook('onRoute', (route) => {
      routes.push(route as RouteOptions);
    });
    try {
      await probe.register(openApiPlugin);
      const item = z.object({ id: z.string().max(64) });
      probe.get('/api/bare', async () => ({ ok: true }));
      probe.get('/api/items/:id', { schema: { response: { 200: item } } }, async () => ({ id: 'a' }));
      probe.post('/api/items', { schema: { response: { 201: item } } }, async () => ({ id: 'a' }));
      probe.post('/api/items/:id/rename', { schema: { params: item, body: z.object({ name: z.string().max(80) }), response: { 200: item } } }, async () => ({ id: 'a' }));
      probe.delete('/api/items/:id', { schema: { params: item, response: { 204: z.null() } } }, async (_request, reply) => reply.status(204).send());
      probe.get('/page', async () => 'a page');
      await probe.ready();
      const res = await probe.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode, res.body).toBe(200);
      const probeDoc = res.json() as OpenApiDocument;

      expect(apiRoutes(routes).flatMap((route) => missingFor(route, probeDoc))).toEqual([
        'GET /api/bare: no response schema for its success status',
        'GET /api/items/:id: no params schema',
        'POST /api/items: no body schema (give it one, or list it in NO_BODY_SCHEMA with the reason)',
      ]);
      expect(Object.keys(probeDoc.paths).sort()).toEqual(['/api/bare', '/api/docs', '/api/items', '/api/items/{id}', '/api/items/{id}/rename']);
    } finally {
      await probe.close();
    }
  });
});
