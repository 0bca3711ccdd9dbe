/**
 * The server's logs (issue 14, Proof: "structured logs with a request id on every line and no secrets (passwords,
 * tokens, keys) anywhere in them"): pino's JSON lines, as Fastify writes them.
 * - One line per request, once it is answered (`OneLineLogController`): its method, URL, client, status and time.
 * - Every line logged while answering a request carries its `reqId`: the client's `X-Request-Id` when it sends a
 *   sane one (a proxy's id, so that the proxy's and our lines meet), otherwise a new UUID; the answer returns it in
 *   `X-Request-Id`, which a user can quote to support.
 * - The request's URL is logged with the values of secret-looking query parameters (`token`, `confirm`, `unsubscribe`, `key`...)
 *   replaced: the links of the password-reset and newsletter mails carry their tokens in the query string.
 * - Headers that carry credentials, and any `password` or `token` field of a logged object, are censored by pino's
 *   `redact` (they are not logged by default; this keeps them out if a log call ever includes them).
 * - A logged error (`err`) never carries a query's parameters: a failed query's error (Drizzle's `DrizzleQueryError`,
 *   the driver's error in its `cause`) names the statement and the database's error code; the values it was given
 *   (an e-mail, a password hash) and the driver's `detail` (which quotes them: "Key (email)=(...)") are left out.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** What replaces a secret in a log line. */
export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets (the mails' `token`, `confirm` and `unsubscribe` links, API keys, sessions). */
const SECRET_QUERY_PARAM = /token|confirm|unsubscribe|secret|key|password|session|code|signature/i;

/** An `X-Request-Id` we keep: short, and made of characters that cannot forge a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** `url` (path and query) with the values of secret-looking query parameters replaced by {@link REDACTED}. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_QUERY_PARAM.test(decodeURIComponentSafe(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The request id of `request`: its sane `X-Request-Id`, or a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fields of a database error that hold (or quote) the values of the query: never logged. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'query']);

/** Error fields kept from a database error: what went wrong, where in the schema, never with which values. */
const SCHEMA_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'] as const;

/**
 * The message of an error with any query parameters cut off: Drizzle writes them after the statement
 * ("Failed query: insert into ...\nparams: a@b.example,$argon2id$..."), and the statement's text holds only
 * placeholders (`$1`). At most 300 characters of the statement are kept: enough to name it.
 */
export function messageWithoutParameters(message: string): string {
  const at = message.search(/\n\s*params:/);
  const kept = at === -1 ? message : message.slice(0, at);
  return kept.length > 300 ? `${kept.slice(0, 300)}...` : kept;
}

/** An error as a log line holds it (pino's shape). */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** A serialized error (pino's shape: type, message, stack, own fields, cause) without query values, to `depth` causes. */
function scrubbedError(err: Error, depth = 0): LoggedError {
  const out = { ...stdSerializers.err(err) } as LoggedError;
  for (const key of Object.keys(out)) if (VALUE_FIELDS.has(key)) delete out[key];
  out.message = messageWithoutParameters(String(out.message ?? ''));
  // The stack's first lines repeat the message.
  const stack = String(out.stack ?? '');
  const frames = stack.search(/\n\s+at /);
  out.stack = `${out.type}: ${out.message}${frames === -1 ? '' : stack.slice(frames)}`;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    if (depth >= 3) delete out.cause;
    else {
      const scrubbed: Record<string, unknown> = scrubbedError(cause, depth + 1);
      // A driver's error carries many fields; its schema fields tell an operator enough.
      for (const key of Object.keys(scrubbed)) {
        if (!['type', 'message', 'stack', 'cause', ...SCHEMA_FIELDS].includes(key)) delete scrubbed[key];
      }
      out.cause = scrubbed;
    }
  }
  return out;
}

/**
 * `err` as a log line or an operator's note keeps it (see the module docs): its type, message without query
 * parameters, and for a database error the error code and schema names. Any value; never throws.
 */
export function errorForLog(err: unknown): LoggedError {
  if (err instanceof Error) return scrubbedError(err);
  return { type: typeof err, message: messageWithoutParameters(String(err)), stack: '' };
}

/** The request as a log line shows it: method, redacted URL, host and client address (Fastify's fields). */
interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
}

/**
 * Fastify's logger options at `level` ('silent' turns logging off), writing to `stream` when given (tests read the
 * lines), standard output otherwise.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-admin-token"]',
        'req.headers["stripe-signature"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
      ],
      censor: REDACTED,
    },
    serializers: {
      err: errorForLog,
      req(request: LoggedRequest) {
        return { method: request.method, url: request.url === undefined ? undefined : redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
      },
    },
  };
}

/**
 * Fastify's request log lines, one per request instead of two: nothing when a request comes in, and the line of its
 * answer names the request (method, URL, host, client) beside its status and time. Half the lines: on a busy server
 * two lines were about a seventh of the CPU time of each book read. Fastify's other lines (errors, unknown routes) are as Fastify writes
 * them.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
