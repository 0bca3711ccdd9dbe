/**
 * Outgoing mail (issue 12, "Accounts and e-mail"): one {@link Mailer} whose transport is chosen by the
 * configuration. With `SMTP_URL` set, nodemailer sends through that server; without it, each message is composed
 * the same way and written as an `.eml` file under the outbox folder (`$QUIRE_DATA_DIR/outbox`), so a local
 * `npm start` can still complete a password reset by opening the file.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One message: recipient address, subject line, plain-text body and its HTML alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes when not to the sender (a support message: the person who wrote it). */
  replyTo?: string;
}

/** Where a message went: `smtp` (accepted by the server; its message id) or `outbox` (the `.eml` file written). */
export type MailDelivery = { via: 'smtp'; messageId: string } | { via: 'outbox'; file: string };

/** Sends mail. */
export interface Mailer {
  /**
   * Sends `message` from the configured sender.
   * @throws the transport's error (connection refused, recipient rejected, disk full): callers that must not
   *   reveal or wait for delivery catch it and log it.
   */
  send(message: MailMessage): Promise<MailDelivery>;
  /** Closes the SMTP connections; idempotent. */
  close(): void;
}

/** Settings of {@link createMailer}. */
export interface MailerOptions {
  /** nodemailer connection URL (`smtp://user:pass@host:587`, `smtps://...`), or null for the outbox folder. */
  smtpUrl: string | null;
  /** Sender, e.g. `Quire <no-reply@localhost>`. */
  from: string;
  /** Folder the `.eml` files are written to when `smtpUrl` is null (created on first write). */
  outboxDir: string;
  /** Told the path of every `.eml` file written, so the server log says where a mail is. */
  onOutboxFile?: (file: string, message: MailMessage) => void;
}

/** SMTP time limits, in milliseconds: a mail sent in the background must not hang on a dead server for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** A {@link Mailer} over SMTP when `smtpUrl` is set, else over the outbox folder. */
export function createMailer({ smtpUrl, from, outboxDir, onOutboxFile }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        return { via: 'smtp', messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  // streamTransport composes the full RFC 5322 message (headers, text and HTML parts) without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // Time first, so a directory listing reads oldest to newest.
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`);
      // Written aside and renamed, so whoever reads the outbox never finds half a message.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      onOutboxFile?.(file, message);
      return { via: 'outbox', file };
    },
    close: () => transport.close(),
  };
}
