/**
 * The admin password gate (accounts spec sections 2, 9 and 10; issue 12): a shared ADMIN_PASSWORD, compared in
 * constant time, grants a short-lived admin session. The session's token is a random 256-bit value of which only the
 * SHA-256 is stored (`admin_sessions`), valid ADMIN_SESSION_MINUTES; the page sends it as `X-Admin-Token`.
 * A session is bound to the client that opened it (issue 32): what is stored is the hash of the token together with
 * the client's address and User-Agent, so a token copied to another machine or browser finds no session.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { ADMIN_SESSION_MINUTES, type AdminSession } from '@quire/contracts';
import type { Db } from '../../db/client.ts';
import { adminSessions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../auth-service.ts';

/** Message of the 401 answer to a wrong admin password. */
export const INVALID_ADMIN_PASSWORD_MESSAGE = 'Invalid password';

/** Message of the 401 answer to an admin call without a live admin session. */
export const ADMIN_SESSION_MISSING_MESSAGE = 'Admin session expired or missing';

/** Dependencies of {@link createAdminSessionService}. */
export interface AdminSessionServiceDeps {
  db: Db;
  /** The configured ADMIN_PASSWORD (never null here: without one the routes answer 503 before calling). */
  password: string;
  /** The clock (tests pass their own). */
  now?: () => Date;
}

/** SHA-256 of a UTF-8 string, as bytes: both sides of the comparison get the same length whatever was typed. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * True when `candidate` is `expectedDigest`'s password. Comparing the digests with `timingSafeEqual` takes the same
 * time for every candidate, so the answer time tells nothing about how much of the password was right, nor its length.
 */
export function passwordMatches(expectedDigest: Buffer, candidate: string): boolean {
  return timingSafeEqual(expectedDigest, digest(candidate));
}

/** The client an admin session belongs to: its address (as the proxy settings give it) and User-Agent. */
export interface AdminClient {
  ip: string;
  userAgent: string | undefined;
}

/** What is stored for `token` opened by `client`: the SHA-256 of both, so the token alone matches nothing. */
export function boundTokenHash(token: string, client: AdminClient): string {
  return hashToken(`${token}\n${client.ip}\n${client.userAgent ?? ''}`);
}

/** Admin session operations. */
export function createAdminSessionService({ db, password, now = () => new Date() }: AdminSessionServiceDeps) {
  const expected = digest(password);
  return {
    /**
     * Grants an admin session for the right password: `{ token, expiresAt }` (ISO time, ADMIN_SESSION_MINUTES from
     * now). Expired sessions are swept on the way, so the table stays small.
     * @throws AppError `INVALID_CREDENTIALS` (401, 'Invalid password') for any other password.
     */
    async verifyPassword(candidate: string, client: AdminClient): Promise<AdminSession> {
      if (!passwordMatches(expected, candidate)) throw new AppError('INVALID_CREDENTIALS', INVALID_ADMIN_PASSWORD_MESSAGE);
      const at = now();
      await db.delete(adminSessions).where(lte(adminSessions.expiresAt, at));
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + ADMIN_SESSION_MINUTES * 60_000);
      await db.insert(adminSessions).values({ tokenHash: boundTokenHash(token, client), expiresAt });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Checks an `X-Admin-Token` value sent by `client`.
     * @throws AppError `UNAUTHORIZED` (401, 'Admin session expired or missing') without a token, or for an unknown
     *   or expired one, or one opened by another client.
     */
    async requireSession(token: string | undefined, client: AdminClient): Promise<void> {
      if (token) {
        const [row] = await db
          .select({ id: adminSessions.id })
          .from(adminSessions)
          .where(and(eq(adminSessions.tokenHash, boundTokenHash(token, client)), gt(adminSessions.expiresAt, now())))
          .limit(1);
        if (row) return;
      }
      throw new AppError('UNAUTHORIZED', ADMIN_SESSION_MISSING_MESSAGE);
    },

    /** Ends the session of `token` opened by `client`, if there is one (the dashboard's Logout). */
    async endSession(token: string, client: AdminClient): Promise<void> {
      await db.delete(adminSessions).where(eq(adminSessions.tokenHash, boundTokenHash(token, client)));
    },
  };
}

/** The service {@link createAdminSessionService} returns. */
export type AdminSessionService = ReturnType<typeof createAdminSessionService>;
