/**
 * The one place where API errors become words for people.
 * The request helper throws `Error("<status>: <body>")`; the server's body is `{ "message": "..." }`, and a refusal
 * for the user's plan adds `upgrade` (contracts ErrorBodySchema).
 */
import { ErrorBodySchema, type UpgradeOffer } from '@quire/contracts';

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** Message shown when the browser could not reach the server at all. */
export const NETWORK_ERROR_MESSAGE = 'Could not reach Quire. Check your connection and try again.';

/** HTTP status of an error thrown by the request helper, or null for any other error. */
export function getErrorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = STATUS_PREFIX.exec(error.message);
  return match ? Number(match[1]) : null;
}

function isNetworkError(error: Error): boolean {
  // fetch() rejects with a TypeError when the request never got an answer.
  return error.name === 'TypeError' && /fetch|network|load failed/i.test(error.message);
}

/**
 * The human message of an error: the `message` of a JSON error body, a plain-text body as is,
 * or `fallback` when there is nothing a person could read (empty body, an HTML error page, not an Error).
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = STATUS_PREFIX.exec(error.message);
  if (!match) {
    if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
    return error.message.trim() || fallback;
  }
  const body = (match[2] ?? '').trim();
  if (!body) return fallback;
  if (body.startsWith('{')) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed && typeof parsed === 'object') {
        const { message, error: errorText } = parsed as { message?: unknown; error?: unknown };
        if (typeof message === 'string' && message.trim()) return message.trim();
        if (typeof errorText === 'string' && errorText.trim()) return errorText.trim();
      }
      return fallback;
    } catch {
      // Not JSON after all: fall through to the text rules.
    }
  }
  // An HTML page (a proxy's error page) says nothing useful to a customer.
  if (body.startsWith('<')) return fallback;
  return body;
}

/**
 * The way up carried by a refusal for the user's plan: the `upgrade` of a 402 or 403 answer's JSON body (contracts
 * UpgradeOfferSchema), or null for any other error (another status, no body, a body that is not the contract's).
 */
export function getUpgradeOffer(error: unknown): UpgradeOffer | null {
  if (!(error instanceof Error)) return null;
  const match = STATUS_PREFIX.exec(error.message);
  if (!match || (match[1] !== '402' && match[1] !== '403')) return null;
  const body = (match[2] ?? '').trim();
  if (!body.startsWith('{')) return null;
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? (parsed.data.upgrade ?? null) : null;
  } catch {
    return null;
  }
}
