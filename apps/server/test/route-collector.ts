/**
 * Collects every route the app registers, as Fastify's `onRoute` hook sees it (method, URL and schemas), for the
 * tests that check all routes at once: openapi.test.ts (each API route is in the OpenAPI document) and
 * request-limits.test.ts (every request string is bounded). buildApp creates its own Fastify instance, so a test
 * cannot add the hook from outside: it mocks `fastify` with {@link collectRoutes}, whose Fastify adds the hook to each
 * instance before any route is registered, so that every route of every plugin (the hooks of the root apply to all of
 * them) is seen.
 *
 * Use it from a test file with the module imported in `vi.hoisted` (`vi.mock` is hoisted above the file's imports, so
 * a statically imported factory is not initialised yet when it runs):
 *
 *     const { registeredRoutes, collectRoutes } = await vi.hoisted(() => import('../route-collector.ts'));
 *     vi.mock('fastify', collectRoutes);
 *
 * This module imports Fastify's types only, so loading it before the mock is in place does not load `fastify` itself.
 */
import type * as Fastify from 'fastify';
import type { FastifyServerOptions, RouteOptions } from 'fastify';

/** Every route registered on a Fastify instance made since the test file started, in order (HEAD twins included). */
export const registeredRoutes: RouteOptions[] = [];

/**
 * The `vi.mock('fastify', …)` factory: the real module, whose `fastify()` (default and named export) adds to each new
 * instance an `onRoute` hook that appends the route to {@link registeredRoutes}.
 */
export async function collectRoutes(importOriginal: () => Promise<typeof Fastify>) {
  const original = await importOriginal();
  const create = (options?: FastifyServerOptions) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => {
      registeredRoutes.push(route as RouteOptions);
    });
    return app;
  };
  return { ...original, default: create, fastify: create };
}
