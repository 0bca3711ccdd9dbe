/**
 * Rate limits (fixed windows per key) for the password reset, admin and page-view routes (issue 12: requests per
 * address and per client) and for login, register, imports, topic extraction and the public site's forms (issue 14:
 * per address and client before sign-in, per user after).
 *
 * The counters live in the database (`rate_limit_windows`), not in the process (issue 14, "stateless API processes"):
 * every API process behind a load balancer counts in the same rows, and a restart forgets nothing. A check is one
 * atomic statement (an INSERT ... ON CONFLICT DO UPDATE that adds the hit, or starts a new window when the key's has
 * ended, and returns the new count), so two processes can never both take the last slot of a window. Keys (e-mail
 * addresses, client addresses, user ids) are stored as their SHA-256 only. Rows of ended windows are deleted by the
 * limiter's own checks, at most once a window and process.
 *
 * A key already refused is refused again by the process that refused it without asking the database until its window
 * ends: with fixed windows nothing a refused request does can change that answer, and a flood of wrong passwords would
 * otherwise cost one database write per try (about half a core of PostgreSQL under `npm run load`).
 */

import { createHmac } from 'node:crypto';
import { serverSecret } from './server-secret.ts';
import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimitWindows } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

/** Settings of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  /** Requests allowed per key and window. */
  limit: number;
  /** Window length, in milliseconds. */
  windowMs: number;
  /**
   * The clock, in milliseconds (tests pass a fake one). By default the database's clock is used, so that every process
   * reads one clock whatever the skew between their hosts.
   */
  now?: () => number;
}

/** Answer of {@link RateLimiter.hit}: allowed or not, and when the key's window ends (seconds from now, >= 1). */
export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Requests counted in the key's window so far, this one included. */
  hits: number;
}

/** Counts requests per key, in the database. */
export interface RateLimiter {
  /** The limiter's name: its rows in `rate_limit_windows`. */
  readonly name: string;
  /**
   * Counts one request for `key`. Refused requests count too, so hammering does not reopen the window early; once the
   * database has refused a key, this process answers its further tries itself until the window ends (they are counted
   * in `hits` but not written).
   */
  hit(key: string): Promise<RateLimitResult>;
}

/** Refused keys remembered per limiter and process, at most; past it the oldest entries go first. */
const MAX_REFUSED_KEYS = 10_000;

/** Names of the limiters made on each database, so that two uses cannot share (and mix) their counters by mistake. */
const namesByDb = new WeakMap<Db, Set<string>>();

/** The name of the server secret that keys the hashes of rate-limit keys (services/server-secret.ts). */
export const RATE_LIMIT_SECRET = 'rate-limit-keys';

/**
 * The hex HMAC-SHA-256 of a rate-limit key under `secret`: what `rate_limit_windows.key_hash` holds instead of the key.
 * Keyed, because a plain hash of a client address (2^32 of them) or of an e-mail address can be found again by trying
 * every candidate.
 */
export function hashRateLimitKey(secret: Buffer, key: string): string {
  return createHmac('sha256', secret).update(key, 'utf8').digest('hex');
}

/**
 * "Now" in SQL: the injected clock's `ms`, or the database's clock when there is none (`statement_timestamp()`, the same
 * instant wherever it appears in one statement).
 */
function instant(ms: number | undefined): SQL {
  return sql`coalesce(${ms === undefined ? null : new Date(ms).toISOString()}::timestamptz, statement_timestamp())`;
}

/**
 * A {@link RateLimiter} allowing `limit` requests per key in each window of `windowMs`, counting in `db` under `name`
 * (shared by every process on that database; unique per use: a second limiter of the same name on one database throws).
 * @throws Error for a name already used on `db`, or a limit or window that is not a positive integer.
 */
export function createRateLimiter(db: Db, name: string, { limit, windowMs, now }: RateLimiterOptions): RateLimiter {
  if (!name) throw new Error('A rate limiter needs a name.');
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`Rate limiter ${name}: the limit must be a positive integer.`);
  if (!Number.isInteger(windowMs) || windowMs < 1) throw new Error(`Rate limiter ${name}: the window must be a positive integer of milliseconds.`);
  let names = namesByDb.get(db);
  if (!names) namesByDb.set(db, (names = new Set()));
  if (names.has(name)) throw new Error(`A rate limiter named ${name} already exists on this database.`);
  names.add(name);

  const w = rateLimitWindows;
  let sweptAt = -Infinity;
  /** Key hash -> when (process clock, ms) its refused window ends, with the hits the database last counted. */
  const refused = new Map<string, { untilMs: number; hits: number }>();
  return {
    name,
    async hit(key) {
      const localNow = now?.();
      const keyHash = hashRateLimitKey(await serverSecret(db, RATE_LIMIT_SECRET), key);
      const known = refused.get(keyHash);
      if (known) {
        const remainingMs = known.untilMs - (localNow ?? Date.now());
        if (remainingMs > 0) {
          known.hits += 1;
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)), hits: known.hits };
        }
        refused.delete(keyHash);
      }
      const at = instant(localNow);
      const ended = sql`${w.windowEndsAt} <= excluded.window_started_at`;
      const [row] = await db
        .insert(w)
        .values({
          limiter: name,
          keyHash,
          hits: 1,
          windowStartedAt: at,
          windowEndsAt: sql`${at} + ${windowMs}::double precision * interval '1 millisecond'`,
        })
        .onConflictDoUpdate({
          target: [w.limiter, w.keyHash],
          set: {
            hits: sql`case when ${ended} then 1 else ${w.hits} + 1 end`,
            windowStartedAt: sql`case when ${ended} then excluded.window_started_at else ${w.windowStartedAt} end`,
            windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${w.windowEndsAt} end`,
          },
        })
        .returning({
          hits: w.hits,
          remainingMs: sql<number>`(extract(epoch from ${w.windowEndsAt} - ${at}) * 1000)::double precision`,
        });
      if (!row) throw new Error(`Rate limiter ${name}: the check returned no row.`);

      // Ended windows of this limiter go, at most once a window per process (on the clock of the process: when exactly
      // does not matter). A failed sweep is left to a later check: this check's answer stands.
      const t = localNow ?? Date.now();
      if (t - sweptAt >= windowMs) {
        sweptAt = t;
        await db
          .delete(w)
          .where(and(eq(w.limiter, name), lte(w.windowEndsAt, instant(localNow))))
          .catch(() => {});
      }

      const remainingMs = Number(row.remainingMs);
      const allowed = row.hits <= limit;
      if (!allowed) {
        if (refused.size >= MAX_REFUSED_KEYS) refused.delete(refused.keys().next().value as string);
        refused.set(keyHash, { untilMs: (localNow ?? Date.now()) + remainingMs, hits: row.hits });
      }
      return { allowed, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)), hits: row.hits };
    },
  };
}

/**
 * The sentence of a 429 answer: a fixed one, or one made from the seconds until the window ends (to say when to come
 * back in words, beside the `Retry-After` header).
 */
export type RateLimitMessage = string | ((retryAfterSeconds: number) => string);

/** "1 minute", "14 minutes": a wait of `seconds` in whole minutes, rounded up (at least one), for 429 messages. */
export function minutesToWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Refuses the request with 429 when `limiter` says so for `key`, telling the client when to retry (`Retry-After`, in
 * seconds) and, in the body, `message` (default 'Too many requests. Please try again later.').
 * @throws AppError `RATE_LIMITED` (429).
 */
export async function enforceRateLimit(limiter: RateLimiter, key: string, reply: FastifyReply, message?: RateLimitMessage): Promise<void> {
  const { allowed, retryAfterSeconds } = await limiter.hit(key);
  if (allowed) return;
  void reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError('RATE_LIMITED', typeof message === 'function' ? message(retryAfterSeconds) : message);
}
