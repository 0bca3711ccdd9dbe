/**
 * The one place where API errors become words for people.
 * The request helper throws `Error("<status>: <body>")`; the server's body is `{ "message": "..." }`.
 */

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
