/**
 * Forgot and reset password (accounts spec sections 2, 5, 8 and 9; issue 12). A reset link carries a random
 * 256-bit token of which only the SHA-256 is stored (`password_reset_tokens`); it works once and for
 * RESET_LINK_VALID_MINUTES. Using it replaces the password and ends every session of the user.
 *
 * The request answers the same, in about the same time, whether or not the address has an account: the token is
 * always drawn and hashed, the user is always looked up, and everything that only happens for a real account (the
 * token row, the mail) runs after the answer, in the background.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_LINK_VALID_MINUTES, type ResetPasswordBody } from '@quire/contracts';
import type { Db } from '../db/client.ts';
import { passwordResetTokens, sessions, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { createBackgroundTasks } from './background-tasks.ts';
import { hashPassword, hashToken, normalizeEmail } from './auth-service.ts';
import { resetPasswordMail } from './mail/reset-password-mail.ts';
import type { Mailer } from './mail/transport.ts';

/** Dependencies of {@link createPasswordResetService}. */
export interface PasswordResetServiceDeps {
  db: Db;
  mailer: Mailer;
  /** The site's address without a trailing slash (config `publicUrl`): the mailed link starts with it. */
  publicUrl: string;
  /** Told of a failure of the background work (token row or mail); the app logs it. */
  onBackgroundError: (err: unknown) => void;
  /** The clock (tests pass their own). */
  now?: () => Date;
}

/** Forgot / reset password operations. */
export function createPasswordResetService({ db, mailer, publicUrl, onBackgroundError, now = () => new Date() }: PasswordResetServiceDeps) {
  const background = createBackgroundTasks(onBackgroundError);

  return {
    /**
     * Sends a reset link to `email` when it has an account; does nothing visible otherwise. Resolves before the
     * link is stored and mailed (see the header), so neither the answer nor its time tells whether the account
     * exists. Throws only for a database failure of the lookup.
     */
    async requestReset(email: string): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const [user] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.email, normalizeEmail(email)))
        .limit(1);
      const expiresAt = new Date(now().getTime() + RESET_LINK_VALID_MINUTES * 60_000);
      background.run(async () => {
        if (!user) return;
        await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash, expiresAt });
        await mailer.send(resetPasswordMail({ to: user.email, publicUrl, token, validMinutes: RESET_LINK_VALID_MINUTES }));
      });
    },

    /**
     * Sets a new password with a reset token: the password hash is replaced, the token and the user's other
     * unused reset links are marked used, and every session of the user is ended, in one transaction.
     * @throws AppError `INVALID_RESET_TOKEN` (400, 'Invalid or expired reset link') for a token that is unknown,
     *   used or expired; then nothing changes.
     */
    async resetPassword({ token, password }: ResetPasswordBody): Promise<void> {
      const tokenHash = hashToken(token);
      const live = (at: Date) =>
        and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, at));
      // A cheap check first, so a wrong token costs no password hashing.
      const [found] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(live(now())).limit(1);
      if (!found) throw new AppError('INVALID_RESET_TOKEN');
      const passwordHash = await hashPassword(password);
      const at = now();
      await db.transaction(async (tx) => {
        // The conditional update is what makes the link single-use when two requests race with it.
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(live(at))
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) throw new AppError('INVALID_RESET_TOKEN');
        await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
        await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
        // Other links of the user were meant to replace the password that is now gone.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
      });
    },

    /** Resolves once the background work started so far has finished (the app awaits it before closing). */
    drain: () => background.drain(),
  };
}

/** The service's type, for routes and tests. */
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
