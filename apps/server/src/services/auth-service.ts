/**
 * Accounts and sessions (accounts spec sections 3, 5, 7; DESIGN.md section 3 "Auth").
 * Passwords: argon2id (the @node-rs/argon2 default algorithm; m=19456 KiB, t=2, p=1), hashed off the event loop by the
 * library on libuv's thread pool, through the process's fair password queue (password-work.ts: a bounded share of
 * the threads, taken in turn by lanes, so one client's or user's flood of tries does not delay everyone's sign-in).
 * Sessions: a random 256-bit bearer token, of which only the SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { LoginBody, RegisterBody, User } from '@quire/contracts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/client.ts';
import { books, sessions, users, type UserRow } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { passwordWork } from './password-work.ts';

/** A signed-in session: the bearer token (shown once) and its user. */
export interface SessionGrant {
  token: string;
  user: UserRow;
}

/** Dependencies of {@link createAuthService}. `now` is the clock (tests pass a fixed one). */
export interface AuthServiceDeps {
  db: Db;
  /** Session lifetime in milliseconds. */
  sessionTtlMs: number;
  now?: () => Date;
}

/** The user as the API shows it (contracts UserSchema): never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Hex SHA-256 of a bearer token: the `sessions` primary key. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The lane of password work asked for before sign-in (password-work.ts), when the caller names none: such work
 * (register, password reset) then takes turns as one lane.
 */
const ANONYMOUS_LANE = 'anonymous';

/** The password-work lane of a client address (before sign-in: login, register). */
export function clientLane(address: string): string {
  return `client:${address}`;
}

/** The password-work lane of a signed-in user (change password, delete account). */
export function userLane(userId: string): string {
  return `user:${userId}`;
}

/**
 * The stored form of a password: an argon2id PHC string (library defaults, see the header). Register, password
 * reset and password change all hash through here, in `lane`'s turn (password-work.ts).
 */
export function hashPassword(password: string, lane = ANONYMOUS_LANE): Promise<string> {
  return passwordWork.run(lane, () => hash(password));
}

/**
 * True when `password` matches the stored `passwordHash`, checked in `lane`'s turn (password-work.ts); a malformed
 * hash counts as no match.
 */
export function verifyPassword(passwordHash: string, password: string, lane = ANONYMOUS_LANE): Promise<boolean> {
  return passwordWork.run(lane, () => verify(passwordHash, password)).catch(() => false);
}

/** Emails compare case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An empty optional name is stored as null. */
function optionalName(name: string | undefined): string | null {
  const v = name?.trim();
  return v ? v : null;
}

/** A hash to verify against when the email is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | null = null;

/** Account and session operations. */
export function createAuthService({ db, sessionTtlMs, now = () => new Date() }: AuthServiceDeps) {
  /**
   * The user of a live session by its token's hash: the query of every signed-in request, prepared once per database
   * connection (PostgreSQL parses and plans it once; drizzle builds its SQL once).
   */
  const liveSession = db
    .select({ id: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('live_session_user');

  /**
   * The same, with the revision of one book of that user (null when the user has no book of that id): the one query
   * of GET /api/books/:id, whose answer is kept per revision (book-body-cache.ts), so the read asks the database once.
   */
  const liveSessionWithBook = db
    .select({ id: sessions.userId, bookRevision: books.revision })
    .from(sessions)
    .leftJoin(books, and(eq(books.id, sql.placeholder('bookId')), eq(books.userId, sessions.userId)))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('live_session_user_book');

  async function startSession(user: UserRow): Promise<SessionGrant> {
    const token = randomBytes(32).toString('base64url');
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now().getTime() + sessionTtlMs),
    });
    return { token, user };
  }

  return {
    /**
     * Creates an account and signs it in; `lane` is the password-work lane of the caller (`clientLane`).
     * @throws AppError `EMAIL_TAKEN` (409) when the email (any case) has an account.
     */
    async register(body: RegisterBody, lane?: string): Promise<SessionGrant> {
      const email = normalizeEmail(body.email);
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) throw new AppError('EMAIL_TAKEN');
      const passwordHash = await hashPassword(body.password, lane);
      let user: UserRow | undefined;
      try {
        [user] = await db
          .insert(users)
          .values({ email, passwordHash, firstName: optionalName(body.firstName), lastName: optionalName(body.lastName) })
          .returning();
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
        throw err;
      }
      if (!user) throw new AppError('INTERNAL', undefined, { cause: new Error('insert returned no user') });
      return startSession(user);
    },

    /**
     * Signs in with email and password; `lane` is the password-work lane of the caller (`clientLane`).
     * @throws AppError `INVALID_CREDENTIALS` (401) for an unknown email or a wrong password alike.
     */
    async login(body: LoginBody, lane?: string): Promise<SessionGrant> {
      const [user] = await db.select().from(users).where(eq(users.email, normalizeEmail(body.email))).limit(1);
      if (!user) {
        decoyHash ??= hashPassword('decoy password');
        await verifyPassword(await decoyHash, body.password, lane);
        throw new AppError('INVALID_CREDENTIALS');
      }
      const ok = await verifyPassword(user.passwordHash, body.password, lane);
      if (!ok) throw new AppError('INVALID_CREDENTIALS');
      return startSession(user);
    },

    /** Ends the session of `token` (deletes its row); an unknown token is not an error. */
    async logout(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    /**
     * The user of a live session, or null for an unknown or expired token. Only the user's id: the session's row
     * holds it (deleting an account deletes its sessions), so the check of every signed-in request reads one index and
     * no account data (no password hash) leaves the database for it.
     */
    async authenticate(token: string): Promise<SessionUser | null> {
      const [row] = await liveSession.execute({ tokenHash: hashToken(token), now: now() });
      return row ?? null;
    },

    /**
     * The user of a live session and the revision of their book `bookId` (null when they have no such book), in one
     * query; null for an unknown or expired token. `bookId` must be a UUID (the column's type).
     */
    async authenticateWithBook(token: string, bookId: string): Promise<{ user: SessionUser; bookRevision: number | null } | null> {
      const [row] = await liveSessionWithBook.execute({ tokenHash: hashToken(token), now: now(), bookId });
      return row ? { user: { id: row.id }, bookRevision: row.bookRevision } : null;
    },

    /** The account of `userId`, or null when it has been deleted. */
    async userById(userId: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },
  };
}

/** The signed-in user as every request knows it (plugins/auth.ts `request.user`): the account's id. */
export interface SessionUser {
  id: string;
}

/** The service's type, for decorators and tests. */
export type AuthService = ReturnType<typeof createAuthService>;
