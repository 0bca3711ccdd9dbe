/**
 * Request limits (issue 14, Security: every string field of every request has a maximum length). Every route's
 * request schemas (body, querystring, params, headers) are collected as the app registers them (route-collector.ts)
 * and read as JSON Schema: a string without `maxLength` fails the test, naming the route and the field, unless an
 * enum, a literal or a uuid format already bounds it. Then the e-mail limit (254 characters, RFC 5321) end to end:
 * register, login and forgot-password refuse a longer address with a readable 400 and store nothing; so does the
 * support form with an over-long name.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EMAIL_MAX_CHARS, FULL_NAME_MAX_CHARS } from '@quire/contracts';
import { passwordResetTokens, sessions, supportMessages, users } from '../../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

// Every route the app registers, with its schemas (see route-collector.ts).
const { collectRoutes, registeredRoutes } = await vi.hoisted(() => import('../route-collector.ts'));
vi.mock('fastify', collectRoutes);

/** The parts of a request a route's schema validates. */
const REQUEST_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

/** String formats whose own rule bounds the length (a uuid is 36 characters). */
const LENGTH_BOUNDING_FORMATS = new Set(['uuid']);

/**
 * Fields that accept any JSON value, by route and path: each is accepted for compatibility with the spec's clients
 * and ignored (never read, never stored), so only the body limit bounds it. A new field of this kind must be listed
 * here with its reason, or bounded.
 */
const ACCEPTS_ANYTHING = [
  // The workspace spec's page sends an amount; the amount charged is the catalogue's.
  'POST /api/create-payment-intent body.amount',
  'POST /api/create-concierge-payment body.amount',
  // The workspace spec's page posts a body; the plan is always publisher.
  'POST /api/create-publisher-subscription body',
  // The template's layout defines what the style guide requires; `requirements` is accepted and not used.
  'POST /api/books/:id/format-template body.requirements',
];

/** A JSON Schema node, as far as the walk reads it. */
interface JsonSchemaNode {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  properties?: Record<string, JsonSchemaNode>;
  additionalProperties?: JsonSchemaNode | boolean;
  items?: JsonSchemaNode | JsonSchemaNode[];
  prefixItems?: JsonSchemaNode[];
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
  not?: JsonSchemaNode;
}

interface Findings {
  /** `<route> <part>.<field>` of each string without a maximum length. */
  unboundedStrings: string[];
  /** `<route> <part>.<field>` of each field that accepts any value. */
  acceptsAnything: string[];
}

/** Walks `node` (JSON Schema of a request part) and records its unbounded strings and its any-value fields. */
function walk(node: JsonSchemaNode, where: string, findings: Findings): void {
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  const combined = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  for (const branch of combined) walk(branch, where, findings);
  if (types.length === 0 && combined.length === 0 && node.enum === undefined && node.const === undefined && node.not === undefined && !node.properties) {
    findings.acceptsAnything.push(where);
    return;
  }
  const bounded =
    node.maxLength !== undefined || node.enum !== undefined || node.const !== undefined || LENGTH_BOUNDING_FORMATS.has(node.format ?? '');
  if (types.includes('string') && !bounded) findings.unboundedStrings.push(where);
  for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, `${where}.${key}`, findings);
  if (typeof node.additionalProperties === 'object') walk(node.additionalProperties, `${where}.*`, findings);
  const items = node.items === undefined ? [] : Array.isArray(node.items) ? node.items : [node.items];
  for (const item of [...items, ...(node.prefixItems ?? [])]) walk(item, `${where}[]`, findings);
}

/** `METHOD /url` of a route, without HEAD (Fastify's automatic twin of each GET). */
function routeNames(route: RouteOptions): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${route.url}`);
}

/** The request schemas of every route: `METHOD /url part` and the zod schema. */
function requestSchemas(): { name: string; schema: unknown }[] {
  const seen = new Set<string>();
  const out: { name: string; schema: unknown }[] = [];
  for (const route of registeredRoutes) {
    for (const routeName of routeNames(route)) {
      for (const part of REQUEST_PARTS) {
        const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
        const name = `${routeName} ${part}`;
        if (schema === undefined || seen.has(name)) continue;
        seen.add(name);
        out.push({ name, schema });
      }
    }
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('request schemas', () => {
  it('are collected from every API area as the app registers its routes', () => {
    const names = requestSchemas().map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register body',
        'POST /api/auth/forgot-password body',
        'GET /api/books/:id params',
        'POST /api/books/:id/save-text body',
        'GET /api/books/:id/covers/:coverId/wrap.jpg querystring',
        'GET /api/admin/analytics headers',
        'POST /api/support/messages body',
        'POST /api/newsletter/subscribe body',
        'GET /api/blog-posts/:slug params',
        'POST /api/import-batch body',
        'DELETE /api/templates/:id params',
      ]),
    );
    expect(names.length).toBeGreaterThan(50);
  });

  it('are read by a walk that finds an unbounded string, also inside arrays, unions and pipes, and any-value fields', () => {
    const probe = z.object({
      bounded: z.string().max(10),
      unbounded: z.string(),
      list: z.array(z.string()),
      either: z.union([z.string().max(3), z.string()]),
      piped: z.string().trim().pipe(z.email().max(254)),
      choice: z.enum(['a', 'b']),
      id: z.uuid(),
      anything: z.unknown(),
    });
    const findings: Findings = { unboundedStrings: [], acceptsAnything: [] };
    walk(z.toJSONSchema(probe, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode, 'probe', findings);
    expect(findings).toEqual({
      unboundedStrings: ['probe.unbounded', 'probe.list[]', 'probe.either', 'probe.piped'],
      acceptsAnything: ['probe.anything'],
    });
  });

  it('bound every string of every body, querystring, params and headers (or an enum, literal or uuid does)', () => {
    const findings: Findings = { unboundedStrings: [], acceptsAnything: [] };
    const notZod: string[] = [];
    for (const { name, schema } of requestSchemas()) {
      if (!(schema instanceof z.ZodType)) {
        notZod.push(name);
        continue;
      }
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline', cycles: 'throw' }) as JsonSchemaNode;
      walk(json, name, findings);
    }
    expect(notZod, 'request schemas that are not zod schemas').toEqual([]);
    expect(findings.unboundedStrings, 'strings without a maximum length').toEqual([]);
    expect(findings.acceptsAnything.sort(), 'fields that accept any value').toEqual([...ACCEPTS_ANYTHING].sort());
  });
});

/** A valid address of exactly `length` characters. */
const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

const TOO_LONG = emailOf(EMAIL_MAX_CHARS + 1);
const EMAIL_TOO_LONG = { message: `Email must be at most ${EMAIL_MAX_CHARS} characters` };

let client = 0;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.14.0.${++client}` });
const count = async (table: typeof users | typeof sessions | typeof passwordResetTokens | typeof supportMessages) =>
  (await t.app.db.select().from(table)).length;

describe('the e-mail limit (254 characters, RFC 5321)', () => {
  it('register takes an address of 254 characters and refuses one of 255 with a 400, creating no account', async () => {
    const longest = await post('/api/auth/register', { email: emailOf(EMAIL_MAX_CHARS), password: 'secret123' });
    expect(longest.statusCode, longest.body).toBe(201);

    const [usersBefore, sessionsBefore] = [await count(users), await count(sessions)];
    const res = await post('/api/auth/register', { email: TOO_LONG, password: 'secret123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(EMAIL_TOO_LONG);
    expect(await count(users)).toBe(usersBefore);
    expect(await count(sessions)).toBe(sessionsBefore);
  });

  it('login refuses an address of 255 characters with a 400, opening no session', async () => {
    const before = await count(sessions);
    const res = await post('/api/auth/login', { email: TOO_LONG, password: 'secret123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(EMAIL_TOO_LONG);
    expect(await count(sessions)).toBe(before);
  });

  it('forgot-password refuses an address of 255 characters with a 400, making no reset link', async () => {
    const before = await count(passwordResetTokens);
    const res = await post('/api/auth/forgot-password', { email: TOO_LONG });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(EMAIL_TOO_LONG);
    expect(await count(passwordResetTokens)).toBe(before);
  });
});

describe('the support form', () => {
  const message = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'technical', message: 'The running head disappears after the abstract.' };

  it('refuses an over-long name or address with a 400 naming the limit, storing nothing', async () => {
    const name = await post('/api/support/messages', { ...message, name: 'A'.repeat(FULL_NAME_MAX_CHARS + 1) });
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual({ message: `Name must be at most ${FULL_NAME_MAX_CHARS} characters` });

    const email = await post('/api/support/messages', { ...message, email: TOO_LONG });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual(EMAIL_TOO_LONG);

    expect(await count(supportMessages)).toBe(0);
  });
});
