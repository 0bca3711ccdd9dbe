/**
 * A small in-memory rate limiter (fixed windows per key), for the password reset, admin and page-view routes (issue
 * 12: requests per address and per client) and for login, register, imports and topic extraction (issue 14: per
 * address and client before sign-in, per user after). In memory is enough for one server process; several processes
 * behind a load balancer would each count on their own, which multiplies the limit by their number but still bounds it.
 */

import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';

/** Settings of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  /** Requests allowed per key and window. */
  limit: number;
  /** Window length, in milliseconds. */
  windowMs: number;
  /** The clock, in milliseconds (tests pass a fake one). */
  now?: () => number;
}

/** Answer of {@link RateLimiter.hit}: allowed or not, and when the key's window ends (seconds from now, >= 1). */
export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts requests per key. */
export interface RateLimiter {
  /** Counts one request for `key` (refused requests count too, so hammering does not reopen the window early). */
  hit(key: string): RateLimitResult;
}

/**
 * Keys kept before expired windows are swept out, so a stream of distinct keys cannot grow memory without end; a sweep
 * runs at most once a window, so a flood of live keys does not make every request walk the whole map.
 */
const SWEEP_THRESHOLD = 10_000;

/** A {@link RateLimiter} allowing `limit` requests per key in each window of `windowMs`. */
export function createRateLimiter({ limit, windowMs, now = Date.now }: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweepAt = -Infinity;
  return {
    hit(key) {
      const t = now();
      if (windows.size >= SWEEP_THRESHOLD && t >= nextSweepAt) {
        nextSweepAt = t + windowMs;
        for (const [k, w] of windows) if (w.endsAt <= t) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        w = { count: 0, endsAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((w.endsAt - t) / 1000)) };
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
export function enforceRateLimit(limiter: RateLimiter, key: string, reply: FastifyReply, message?: RateLimitMessage): void {
  const { allowed, retryAfterSeconds } = limiter.hit(key);
  if (allowed) return;
  void reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError('RATE_LIMITED', typeof message === 'function' ? message(retryAfterSeconds) : message);
}
