/**
 * The one import limit per user (issue 14, "rate limits on ... import"), shared by every route that starts an import:
 * POST /api/import, POST /api/books/import-multiple and the publisher plan's POST /api/import-batch. One limiter on
 * the app's database, made once in app.ts and handed to each of those route plugins, so that the routes count in the
 * same window (limiter names are unique per database: two plugins each making their own would throw).
 */
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { createRateLimiter, enforceRateLimit, minutesToWait, type RateLimiter } from './rate-limiter.ts';

/**
 * Import requests each user may make per hour (window {@link IMPORT_WINDOW_MS}), counting a URL, an upload, a
 * collection and a batch alike, whether they succeed or not. Each one fetches up to 10 MB from the network or takes a
 * 10 MB upload, then decodes, unpacks and cleans it on the worker threads: heavy work, so it is bounded per signed-in
 * user (an account, not an address: users behind one network do not share it, and one user cannot escape it by
 * changing address). A person importing their manuscripts, even in a busy session, starts a few imports an hour; 30
 * leaves room for retries, while a script looping on imports is stopped within the hour. A batch counts once: its
 * URLs (at most 20) are fetched one after another, so it never loads the server more at a time than one import.
 */
export const IMPORTS_PER_USER_PER_HOUR = 30;

/** The window of {@link IMPORTS_PER_USER_PER_HOUR}, in milliseconds (one hour). */
export const IMPORT_WINDOW_MS = 60 * 60 * 1000;

/** The 429 sentence of the import routes. */
const importLimitedMessage = (seconds: number) =>
  `You have started too many imports in the last hour. Please try again in ${minutesToWait(seconds)}.`;

/** The import limit of one app (its database's `imports-per-user` counters). */
export interface ImportLimit {
  /**
   * Counts one import request of `userId`; past the limit, answers 429 with `Retry-After` (seconds) and the sentence
   * saying when to come back, before anything is read or fetched.
   * @throws AppError `RATE_LIMITED` (429).
   */
  enforce(userId: string, reply: FastifyReply): Promise<void>;
}

/** Makes the app's import limit on `db` (call once per app). */
export function createImportLimit(db: Db): ImportLimit {
  const limiter: RateLimiter = createRateLimiter(db, 'imports-per-user', { limit: IMPORTS_PER_USER_PER_HOUR, windowMs: IMPORT_WINDOW_MS });
  return { enforce: (userId, reply) => enforceRateLimit(limiter, userId, reply, importLimitedMessage) };
}
