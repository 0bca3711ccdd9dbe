/**
 * The newsletter list (issue 13: "the address is stored (double opt-in by e-mail, unsubscribe link), not thrown
 * away") and the exit-intent popup's leads. See schema/newsletter-subscribers.ts for the statuses.
 *
 * Subscribing answers the same whatever the address's status, so the answer tells nobody who is on the list; the
 * confirmation mail is sent after the answer, and not at all to an address already confirmed.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { NEWSLETTER_CONFIRM_VALID_HOURS, type NewsletterSource } from '@quire/contracts';
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hashToken, normalizeEmail } from '../auth-service.ts';
import type { BackgroundTasks } from '../background-tasks.ts';
import { newsletterConfirmMail } from '../mail/newsletter-confirm-mail.ts';
import type { Mailer } from '../mail/transport.ts';

/** Dependencies of {@link createNewsletterService}. */
export interface NewsletterServiceDeps {
  db: Db;
  mailer: Mailer;
  /** The site's address without a trailing slash (config `publicUrl`): the mailed links start with it. */
  publicUrl: string;
  background: BackgroundTasks;
  now?: () => Date;
}

/** A random token for a mailed link: 256 bits, base64url. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Newsletter operations. */
export function createNewsletterService({ db, mailer, publicUrl, background, now = () => new Date() }: NewsletterServiceDeps) {
  /** The row of `email`, made (with `status`) when there is none; the existing row is returned untouched. */
  async function rowOf(email: string, status: 'lead' | 'pending', source: NewsletterSource) {
    await db
      .insert(newsletterSubscribers)
      .values({ email, status, source, unsubscribeToken: newToken() })
      .onConflictDoNothing({ target: newsletterSubscribers.email });
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1);
    return row!;
  }

  return {
    /**
     * Asks `email` to confirm a subscription: a new confirmation link is mailed unless the address is already
     * confirmed. Resolves before the mail is sent.
     * @throws the database's error only.
     */
    async subscribe(rawEmail: string, source: NewsletterSource): Promise<void> {
      const email = normalizeEmail(rawEmail);
      const row = await rowOf(email, 'pending', source);
      if (row.status === 'confirmed') return;
      const confirmToken = newToken();
      const expiresAt = new Date(now().getTime() + NEWSLETTER_CONFIRM_VALID_HOURS * 3_600_000);
      await db
        .update(newsletterSubscribers)
        .set({ status: 'pending', source, confirmTokenHash: hashToken(confirmToken), confirmExpiresAt: expiresAt, unsubscribedAt: null })
        .where(eq(newsletterSubscribers.id, row.id));
      background.run(async () => {
        await mailer.send(
          newsletterConfirmMail({ to: email, publicUrl, confirmToken, unsubscribeToken: row.unsubscribeToken, validHours: NEWSLETTER_CONFIRM_VALID_HOURS }),
        );
      });
    },

    /**
     * Keeps an address typed into the exit-intent popup as a lead. An address already on the list keeps its status
     * (a lead never unsubscribes or downgrades anyone).
     */
    async addLead(rawEmail: string): Promise<void> {
      await rowOf(normalizeEmail(rawEmail), 'lead', 'exit-intent');
    },

    /**
     * Confirms the subscription of a mailed link; the link then stops working.
     * @throws AppError `INVALID_NEWSLETTER_LINK` (400) for a token that is unknown, used or expired.
     */
    async confirm(token: string): Promise<void> {
      const at = now();
      const [confirmed] = await db
        .update(newsletterSubscribers)
        .set({ status: 'confirmed', confirmedAt: at, confirmTokenHash: null, confirmExpiresAt: null })
        .where(and(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)), gt(newsletterSubscribers.confirmExpiresAt, at)))
        .returning({ id: newsletterSubscribers.id });
      if (!confirmed) throw new AppError('INVALID_NEWSLETTER_LINK');
    },

    /**
     * Takes the address of an unsubscribe link off the list (again: using the link twice is not an error).
     * @throws AppError `INVALID_NEWSLETTER_LINK` (400) for an unknown token.
     */
    async unsubscribe(token: string): Promise<void> {
      const [row] = await db
        .update(newsletterSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: now(), confirmTokenHash: null, confirmExpiresAt: null })
        .where(eq(newsletterSubscribers.unsubscribeToken, token))
        .returning({ id: newsletterSubscribers.id });
      if (!row) throw new AppError('INVALID_NEWSLETTER_LINK');
    },
  };
}

/** The service's type. */
export type NewsletterService = ReturnType<typeof createNewsletterService>;
