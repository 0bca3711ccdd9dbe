/**
 * The server's logs (issue 14, Proof: "structured logs with a request id on every line and no secrets (passwords,
 * tokens, keys) anywhere in them"): pino's JSON lines, as Fastify writes them.
 * - Every line logged while answering a request carries its `reqId`: the client's `X-Request-Id` when it sends a
 *   sane one (a proxy's id, so that the proxy's and our lines meet), otherwise a new UUID; the answer returns it in
 *   `X-Request-Id`, which a user can quote to support.
 * - The request's URL is logged with the values of secret-looking query parameters (`token`, `confirm`, `unsubscribe`, `key`...)
 *   replaced: the links of the password-reset and newsletter mails carry their tokens in the query string.
 * - Headers that carry credentials, and any `password` or `token` field of a logged object, are censored by pino's
 *   `redact` (they are not logged by default; this keeps them out if a log call ever includes them).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

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
      req(request: LoggedRequest) {
        return { method: request.method, url: request.url === undefined ? undefined : redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
      },
    },
  };
}
