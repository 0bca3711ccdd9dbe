/**
 * Mails a Quire server wrote to its outbox (no SMTP server is configured in the e2e suite, so each mail is an `.eml`
 * file under `$QUIRE_DATA_DIR/outbox`), read as a mail program would.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The newest mail addressed to `to` in the outbox of the server with data directory `dataDir`, parsed; or undefined. */
export async function lastMailTo(dataDir: string, to: string): Promise<ParsedMail | undefined> {
  const outbox = path.join(dataDir, 'outbox');
  // The server makes the folder with its first mail, which it writes after answering.
  if (!existsSync(outbox)) return undefined;
  for (const file of readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort().reverse()) {
    const mail = await simpleParser(readFileSync(path.join(outbox, file)));
    if (mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === to)) return mail;
  }
  return undefined;
}
