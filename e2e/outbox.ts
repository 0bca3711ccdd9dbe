/**
 * Mails the Quire servers of the e2e suite sent, read as a mail program would. The first server sends through SMTP
 * to the suite's mail server (smtp-sink.ts, started by playwright.config.ts), which writes each message it receives
 * as an `.eml` file to its folder; the billing server has no SMTP server configured, so it writes each mail as an
 * `.eml` file under `$QUIRE_DATA_DIR/outbox` instead. Both folders are read the same way.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/** The suite's SMTP server (smtp-sink.ts) and the team's address the first server mails support messages to. */
const smtpPort = Number(process.env.QUIRE_E2E_SMTP_PORT ?? 5095);
export const MAIL = {
  smtpPort,
  smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
  /** SUPPORT_EMAIL of the first server. */
  supportEmail: 'support@quire.test',
} as const;

/** The folder the suite's SMTP server writes the mails it received to (set by playwright.config.ts). */
export function smtpSinkDir(): string {
  const dir = process.env.QUIRE_E2E_SMTP_DIR;
  if (!dir) throw new Error('QUIRE_E2E_SMTP_DIR is set by playwright.config.ts');
  return dir;
}

/** True when `mail` is addressed (To) to `address`, in any case. */
export function isTo(mail: ParsedMail, address: string): boolean {
  const lists: AddressObject[] = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return lists.some((list) => list.value.some((a) => a.address?.toLowerCase() === address.toLowerCase()));
}

/** The mails in `folder` (`.eml` files), parsed, newest first, that satisfy `matches`. */
export async function mailsIn(folder: string, matches: (mail: ParsedMail) => boolean = () => true): Promise<ParsedMail[]> {
  // The folder may appear only with the first mail, which the server writes after answering.
  if (!existsSync(folder)) return [];
  const found: ParsedMail[] = [];
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.eml')).sort().reverse()) {
    const mail = await simpleParser(readFileSync(path.join(folder, file)));
    if (matches(mail)) found.push(mail);
  }
  return found;
}

/** The newest mail addressed to `to` in the outbox of the server with data directory `dataDir`, parsed; or undefined. */
export async function lastMailTo(dataDir: string, to: string): Promise<ParsedMail | undefined> {
  return (await mailsIn(path.join(dataDir, 'outbox'), (mail) => isTo(mail, to)))[0];
}

/**
 * The newest mail to `to` that the first server sent through SMTP (received by smtp-sink.ts) and that satisfies
 * `matches`, parsed; or undefined.
 */
export async function lastSentMail(to: string, matches: (mail: ParsedMail) => boolean = () => true): Promise<ParsedMail | undefined> {
  return (await mailsIn(smtpSinkDir(), (mail) => isTo(mail, to) && matches(mail)))[0];
}
