/**
 * The e2e suite's mail server: a real SMTP server (the `smtp-server` package, as in apps/server/test/mail-server.ts)
 * that the first Quire server sends its mail to through `SMTP_URL`. playwright.config.ts runs this file as one of
 * its web servers (`node --import tsx e2e/smtp-sink.ts`); it listens on 127.0.0.1:`SMTP_SINK_PORT` and writes each
 * message it accepts, as received, to an `.eml` file in the folder `SMTP_SINK_DIR`, where the specs read it
 * (outbox.ts: `lastSentMail`). No authentication and no TLS: it listens on the loopback interface only.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_SINK_PORT);
const dir = process.env.SMTP_SINK_DIR;
if (!Number.isInteger(port) || port <= 0 || !dir) {
  console.error('smtp-sink: set SMTP_SINK_PORT and SMTP_SINK_DIR');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });

/** Reads the whole message stream. */
async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    readAll(stream)
      .then(async (message) => {
        // Time first, so a listing reads oldest to newest; written aside and renamed, so no reader finds half a mail.
        const file = path.join(dir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`);
        await writeFile(`${file}.partial`, message);
        await rename(`${file}.partial`, file);
      })
      .then(() => callback(), (err: Error) => callback(err));
  },
});
server.on('error', (err) => console.error('smtp-sink:', err));
server.listen(port, '127.0.0.1', () => console.log(`smtp-sink: smtp://127.0.0.1:${port}, writing to ${dir}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
