/**
 * The support form (issue 13, /contact; workspace spec sections 3, 5 and 8): each message is stored in
 * `support_messages`, then mailed to the team's address (SUPPORT_EMAIL) after the answer, with Reply-To set to the
 * sender. The message is kept whatever the mail server does; `mailed_at` records the mails it accepted.
 */
import { eq } from 'drizzle-orm';
import type { SupportMessageBodySchema } from '@quire/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { supportMessages } from '../../db/schema/index.ts';
import type { BackgroundTasks } from '../background-tasks.ts';
import { supportMessageMail } from '../mail/support-message-mail.ts';
import type { Mailer } from '../mail/transport.ts';

/** Dependencies of {@link createSupportService}. */
export interface SupportServiceDeps {
  db: Db;
  mailer: Mailer;
  /** The team's address (config SUPPORT_EMAIL). */
  supportEmail: string;
  /** Where the mails are sent from, after the answer (their failures are logged). */
  background: BackgroundTasks;
  now?: () => Date;
}

/** A support message as the route has validated it. */
export type SupportMessageInput = z.output<typeof SupportMessageBodySchema>;

/** Support operations. */
export function createSupportService({ db, mailer, supportEmail, background, now = () => new Date() }: SupportServiceDeps) {
  return {
    /**
     * Stores `input` (from the signed-in `userId`, or null) and mails it to the team in the background.
     * @returns the stored message's id.
     * @throws the database's error when the message cannot be stored (then nothing is mailed).
     */
    async send(input: SupportMessageInput, userId: string | null): Promise<{ id: string }> {
      const [row] = await db
        .insert(supportMessages)
        .values({ userId, name: input.name, email: input.email, subject: input.subject, priority: input.priority, message: input.message })
        .returning({ id: supportMessages.id });
      const id = row!.id;
      background.run(async () => {
        await mailer.send(supportMessageMail({ to: supportEmail, id, userId, ...input }));
        await db.update(supportMessages).set({ mailedAt: now() }).where(eq(supportMessages.id, id));
      });
      return { id };
    },
  };
}

/** The service's type. */
export type SupportService = ReturnType<typeof createSupportService>;
