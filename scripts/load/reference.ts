/**
 * The outside reference of phase A: the same reads, on the same connections and for as long, answered by a bare
 * node:http server that sends the bytes of one of Quire's answers and does nothing else (reference-server.mjs), while
 * the same War and Peace PDF export runs on Quire. What it measures is the floor of this machine for these answers: no
 * database, no sign-in check, no framework. Quire's figures are read beside it. The load generator keeps no answer
 * body (cannon.ts): decoding them cost it more than the bare server spends, and the reference then measured it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOnTheWire } from './api.ts';
import { BROWSER_ACCEPT_ENCODING, cannon, readBooks, type CannonFigures } from './cannon.ts';
import { editWarAndPeace, exportWarAndPeace, type Cast, type Exported } from './phases.ts';

/** What the reference run measured. */
export interface Reference {
  reads: CannonFigures;
  /** The answer it sends: its size on the wire and its Content-Encoding ('identity' for none). */
  bytes: number;
  encoding: string;
  /** The War and Peace PDF export that ran on Quire meanwhile. */
  exported: Exported;
}

const SERVER = fileURLToPath(new URL('./reference-server.mjs', import.meta.url));

/** Starts reference-server.mjs answering `body` with `headers`; resolves its base URL and a stop function. */
async function startReference(body: Buffer, headers: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-load-reference-'));
  const bodyFile = path.join(dir, 'body');
  await writeFile(bodyFile, body);
  const child = spawn(process.execPath, [SERVER, bodyFile, JSON.stringify(headers)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`The reference server exited (code ${code}) before it listened.`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The reference run: `connections` connections read, for `seconds`, the first reader's book as Quire answers it to a
 * browser, from a bare server, while War and Peace is exported as PDF on Quire at `base` (edited first, so that it is
 * typeset).
 */
export async function referenceReads(base: string, cast: Cast, connections: number, seconds: number): Promise<Reference> {
  const reader = cast.readers[0]!;
  const answer = await readOnTheWire(base, reader.user, reader.bookId, BROWSER_ACCEPT_ENCODING);
  const reference = await startReference(answer.body, answer.headers);
  try {
    await editWarAndPeace(base, cast);
    const exporting = exportWarAndPeace(base, cast);
    const reads = await cannon(readBooks(reference.base, cast.readers, connections, seconds));
    return { reads, bytes: answer.body.length, encoding: answer.headers['content-encoding'] ?? 'identity', exported: await exporting };
  } finally {
    await reference.stop();
  }
}
