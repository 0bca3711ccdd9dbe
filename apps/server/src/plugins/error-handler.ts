import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/** Messages zod writes itself (as opposed to the contracts' sentences), which get the field name in front. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Expected|Unrecognized key)/;

/** The message of the first validation issue; zod's generic messages are prefixed with the field path. */
function validationMessage(issues: { instancePath: string; message?: string }[]): string {
  const first = issues[0];
  const message = first?.message ?? 'The request is not valid.';
  const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return field && ZOD_DEFAULT_MESSAGE.test(message) ? `${field}: ${message}` : message;
}

/**
 * Statuses whose own message is safe and useful to show (gateway errors explain the remote side, not ours; 503 says
 * what this server has not been configured for).
 */
function isClientVisible(status: number): boolean {
  return status < 500 || status === 502 || status === 503 || status === 504;
}

/** Options of {@link errorHandlerPlugin}. */
export interface ErrorHandlerOptions {
  /**
   * How long a 429 waits before it is sent, in milliseconds (config `refusalDelayMs`). A refusal costs the server almost
   * nothing (the rate limiter answers a key it has refused from memory), so a flooding client, which sends its next
   * request the moment an answer arrives, would otherwise take the event loop from everyone else. Waiting on a timer
   * costs no CPU; it caps each flooding connection at one request per delay, and a person who hit a limit does not
   * notice a second. The same for every refusal, so its timing tells nothing about an account.
   */
  refusalDelayMs: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the multipart parser (busboy, under @fastify/multipart) throws for a body it cannot read: a plain `Error`
 * without a status ("Multipart: Boundary not found", "Unexpected end of multipart data", "Malformed part header"),
 * or the plugin's own premature close. The client's fault, so a 400 with a sentence, not a 500.
 */
function isMalformedMultipart(error: Error, contentType: string | undefined): boolean {
  if ((error as { code?: unknown }).code === 'FST_MP_PREMATURE_CLOSE') return true;
  if (!/^multipart\//i.test(contentType ?? '') || error instanceof AppError || (error as FastifyError).statusCode !== undefined) return false;
  return /^Multipart: |multipart data|Malformed part header|Part terminated early/i.test(error.message);
}

/**
 * The single error handler (STYLE.md rule 18): every error becomes `{ message }` with its status.
 * - request validation (zod, from the contracts) -> 400 with the field's message;
 * - AppError -> its status and message;
 * - fastify's own 4xx errors (bad JSON, body too large, file too large) -> their status with a plain message;
 * - anything else -> 500 with a generic message; the details are logged with the request, never sent.
 * A 429 is sent after `refusalDelayMs`.
 */
export const errorHandlerPlugin = fp<ErrorHandlerOptions>(
  async (app, { refusalDelayMs }) => {
    app.setErrorHandler(async (error: FastifyError | AppError | Error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send({ message: validationMessage(error.validation) });
      }
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        const tooLarge = new AppError('FILE_TOO_LARGE');
        return reply.status(tooLarge.statusCode).send({ message: tooLarge.message });
      }
      if (isMalformedMultipart(error, request.headers['content-type'])) {
        const malformed = new AppError('MALFORMED_UPLOAD');
        return reply.status(malformed.statusCode).send({ message: malformed.message });
      }
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        // The only large JSON body is the edited text of save-text (accounts spec section 9: text under 5 MB).
        const isText = request.routeOptions.url?.endsWith('/save-text') ?? false;
        const message = isText ? new AppError('TEXT_TOO_LARGE').message : 'The request is too large.';
        return reply.status(413).send({ message });
      }
      const status =
        error instanceof AppError
          ? error.statusCode
          : typeof (error as FastifyError).statusCode === 'number' && (error as FastifyError).statusCode! >= 400
            ? (error as FastifyError).statusCode!
            : 500;
      if (!isClientVisible(status)) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send({ message: new AppError('INTERNAL').message });
      }
      if (status >= 500) request.log.warn({ err: error }, 'upstream failure');
      if (status === 429 && refusalDelayMs > 0) await wait(refusalDelayMs);
      const upgrade = error instanceof AppError ? error.upgrade : undefined;
      return reply.status(status).send(upgrade ? { message: error.message, upgrade } : { message: error.message });
    });
  },
  { name: 'quire-error-handler' },
);
