/**
 * A real SMTP server in the test process (the `smtp-server` package) that keeps every message it receives,
 * parsed with mailparser, so tests can read the mail Quire sent through `SMTP_URL`.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../src/config.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

/** A running test SMTP server. */
export interface TestMailServer {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL` / config `mail.smtpUrl`. */
  url: string;
  /** Messages received so far, oldest first. */
  messages: ParsedMail[];
  /**
   * The first message to `address` (any case), waiting for it up to `timeoutMs`.
   * @throws Error when none arrives in time.
   */
  waitFor(address: string, timeoutMs?: number): Promise<ParsedMail>;
  /** The messages to `address` received so far. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

/** True when `mail` was addressed to `address`. */
function isTo(mail: ParsedMail, address: string): boolean {
  const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return list.some((a) => a.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()));
}

/** Starts an SMTP server on a free loopback port; no authentication, no TLS (loopback only). */
export async function startMailServer(): Promise<TestMailServer> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => messages.filter((m) => isTo(m, address));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    async waitFor(address, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = to(address)[0];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test app whose mail goes to its own test SMTP server. */
export interface MailTestApp extends TestApp {
  /** The SMTP server the app sends through, to read the mail it sent. */
  smtp: TestMailServer;
}

/**
 * Starts a test SMTP server and builds a test app (`buildTestApp`, `overrides` applied) that sends its mail there
 * from `Quire <no-reply@quire.test>`. Answers both as one `MailTestApp`, whose `close()` closes the app, then the
 * SMTP server. Meant for a test file's `beforeAll`, with `close()` in its `afterAll`.
 */
export async function buildMailTestApp(overrides: Omit<Partial<Config>, 'mail'> = {}): Promise<MailTestApp> {
  const smtp = await startMailServer();
  let t: TestApp;
  try {
    t = await buildTestApp({ ...overrides, mail: { smtpUrl: smtp.url, from: 'Quire <no-reply@quire.test>' } });
  } catch (err) {
    // The caller gets nothing to close, so close the server here rather than leave it listening.
    await smtp.close();
    throw err;
  }
  return {
    ...t,
    smtp,
    async close() {
      try {
        await t.close();
      } finally {
        await smtp.close();
      }
    },
  };
}

/** The reset token of a reset mail's link (`.../reset-password?token=<token>`). @throws Error when there is none. */
export function resetTokenOf(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}
