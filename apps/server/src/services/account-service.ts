/**
 * The signed-in user's own account (issue 12, "Accounts and e-mail"): profile names, password change, signing
 * out everywhere and deleting the account with everything it owns.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ChangePasswordBody, UpdateProfileBody } from '@quire/contracts';
import type { Db } from '../db/client.ts';
import { books, passwordResetTokens, sessions, users, type UserRow } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { hashPassword, hashToken, userLane, verifyPassword } from './auth-service.ts';
import type { Storage } from './storage.ts';

/** Dependencies of {@link createAccountService}. */
export interface AccountServiceDeps {
  db: Db;
  storage: Storage;
  /** Told of a storage folder that could not be removed after an account was deleted (the rows are gone either way). */
  onFileError?: (err: unknown, folder: string) => void;
  /**
   * Ends what the user pays for before the account goes (billing/checkout-service.ts `cancelSubscription`): a
   * deleted account must never be charged again. A failure stops the deletion, so nothing is lost.
   */
  beforeDelete?: (userId: string) => Promise<void>;
}

/** An empty name is stored as null (as at registration). */
function nameOrNull(name: string): string | null {
  const v = name.trim();
  return v === '' ? null : v;
}

/** Account operations; every one acts on the given user id only. */
export function createAccountService({ db, storage, onFileError = () => {}, beforeDelete = async () => {} }: AccountServiceDeps) {
  /** The user's row, for password checks. @throws AppError `UNAUTHORIZED` when it is gone (deleted meanwhile). */
  async function userRow(userId: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  }

  /**
   * The storage folders holding the user's files: each book's images, exports and covers (`books/<id>`,
   * `exports/<id>`, `covers/<id>`: services/asset-paths.ts, export-service.ts, covers/cover-service.ts) and the
   * style-guide uploads (`style-guides/<userId>`: style-guide-service.ts). Every stored file lies in one of them.
   */
  async function foldersOf(userId: string): Promise<string[]> {
    const bookIds = (await db.select({ id: books.id }).from(books).where(eq(books.userId, userId))).map((b) => b.id);
    return [...bookIds.flatMap((id) => [`books/${id}`, `exports/${id}`, `covers/${id}`]), `style-guides/${userId}`];
  }

  return {
    /** Sets the first and last name (an empty one is cleared) and answers the updated row. */
    async updateProfile(userId: string, body: UpdateProfileBody): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ firstName: nameOrNull(body.firstName), lastName: nameOrNull(body.lastName) })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new AppError('UNAUTHORIZED');
      return row;
    },

    /**
     * Replaces the password after checking the current one. The session of `keepToken` stays signed in; every
     * other session of the user ends, and unused reset links stop working. The route limits the tries (routes/user.ts);
     * the password work takes the user's turn (password-work.ts), so a flood of tries delays only its own sender.
     * @throws AppError `INCORRECT_PASSWORD` (400, 'Current password is incorrect'); nothing changes then.
     */
    async changePassword(userId: string, keepToken: string, body: ChangePasswordBody): Promise<void> {
      const user = await userRow(userId);
      if (!(await verifyPassword(user.passwordHash, body.currentPassword, userLane(userId)))) {
        throw new AppError('INCORRECT_PASSWORD', 'Current password is incorrect');
      }
      const passwordHash = await hashPassword(body.newPassword, userLane(userId));
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      });
    },

    /** Ends every session of the user, this one included ("sign out everywhere"). */
    async endAllSessions(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /**
     * Deletes the account after checking its password: the user row goes and with it, by the foreign keys'
     * cascades, books, covers, exports, extractions, custom templates, style guides, preferences, sessions and
     * reset links; then the stored files of those books and uploads are removed.
     * @throws AppError `INCORRECT_PASSWORD` (400, 'Password is incorrect'); nothing is removed then.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      const user = await userRow(userId);
      if (!(await verifyPassword(user.passwordHash, password, userLane(userId)))) throw new AppError('INCORRECT_PASSWORD');
      await beforeDelete(userId);
      const folders = await foldersOf(userId);
      // Rows first, files after (as the style-guide and cover services do): a failure in between leaves only
      // unreachable files behind, never a row pointing at a missing file.
      await db.delete(users).where(eq(users.id, userId));
      const results = await Promise.allSettled(folders.map((f) => storage.deleteFolder(f)));
      results.forEach((r, i) => {
        if (r.status === 'rejected') onFileError(r.reason, folders[i]!);
      });
    },
  };
}

/** The service's type, for routes and tests. */
export type AccountService = ReturnType<typeof createAccountService>;
