/**
 * The load test's setup and its three phases (issue 14, "Load"), each resolving what it measured:
 * A. book reads on many connections while a War and Peace PDF export runs;
 * B. a login flood against one account from one client while other users read their books;
 * C. a mixed soak (reads, small imports, exports of small books, sign-ins) with the server's RSS sampled.
 */
import type { ExportFormat } from '@quire/contracts';
import type { LoadProbe } from '../../apps/server/src/routes/load-probe.ts';
import { clientAddress, exportBook, formatBook, getBook, importFile, readProbe, register, saveText, signIn, timed, type User } from './api.ts';
import { cannon, readBooks, type CannonFigures } from './cannon.ts';

/** Users who read their own small book in every phase (and act in the soak). */
const READERS = 4;

/** Connections of the login flood (phase B). */
const FLOOD_CONNECTIONS = 50;

/** How long the login flood runs, in seconds. */
export const FLOOD_SECONDS = 20;

/** The flooding client's number (its address is `clientAddress(FLOOD_CLIENT)`), apart from every user's. */
const FLOOD_CLIENT = 1000;

/**
 * The soak's paces, in milliseconds. Imports (30 per user and hour) and sign-ins (10 per account and 15 minutes) stay
 * under the server's limits for the four readers, so that every refusal the soak meets is a fault.
 */
const SOAK_PACE_MS = { rss: 10_000, export: 10_000, signIn: 30_000, import: 40_000 } as const;

/** The formats the soak's exports go through in turn. */
const SOAK_FORMATS: readonly ExportFormat[] = ['epub', 'docx', 'pdf', 'html'];

/** A reader and the book it reads. */
export interface Reader {
  user: User;
  bookId: string;
}

/** The run's users and books. */
export interface Cast {
  /** Owns War and Peace. */
  owner: User;
  warAndPeaceId: string;
  readers: Reader[];
  /** The account the login flood aims at. */
  victim: User;
  /** How long importing and formatting War and Peace took, ms. */
  importMs: number;
  formatMs: number;
  /** The size of a reader's book as GET /api/books/:id answers it, in bytes. */
  readBytes: number;
}

/** The corpus files the run uses. */
export interface Books {
  warAndPeace: string;
  small: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs up the owner, the readers and the victim, imports and formats War and Peace and each reader's small book. */
export async function setUp(base: string, books: Books): Promise<Cast> {
  const owner = await register(base, 0);
  const readerUsers: User[] = [];
  for (let n = 1; n <= READERS; n++) readerUsers.push(await register(base, n));
  const victim = await register(base, READERS + 1);
  const readers = await Promise.all(
    readerUsers.map(async (user) => {
      const bookId = await importFile(base, user, books.small);
      await formatBook(base, user, bookId);
      return { user, bookId };
    }),
  );
  const readBytes = Buffer.byteLength(JSON.stringify(await getBook(base, readers[0]!.user, readers[0]!.bookId)));
  const imported = await timed(() => importFile(base, owner, books.warAndPeace));
  const formatted = await timed(() => formatBook(base, owner, imported.value));
  return { owner, warAndPeaceId: imported.value, readers, victim, importMs: imported.ms, formatMs: formatted.ms, readBytes };
}

/** What phase A measured. */
export interface PhaseA {
  reads: CannonFigures;
  /** The event loop's delay over the reads. */
  probe: LoadProbe;
  seconds: number;
  /** The PDF export: its time and size, or why it failed. */
  exported: Exported;
}

/**
 * Phase A: `connections` connections read the readers' books for `seconds` while War and Peace is exported as PDF.
 * The book's text is edited first (one sentence added), so that the export typesets it rather than finding the PDF
 * that Format set in the server's cache.
 */
export async function readsDuringExport(base: string, cast: Cast, connections: number, seconds: number): Promise<PhaseA> {
  await editWarAndPeace(base, cast);
  await readProbe(base, true);
  const exporting = exportWarAndPeace(base, cast);
  const reads = await cannon(readBooks(base, cast.readers, connections, seconds));
  const probe = await readProbe(base);
  return { reads, probe, seconds, exported: await exporting };
}

/** A War and Peace PDF export's time and size, or why it failed. */
export type Exported = { ms: number; bytes: number } | { error: string };

/**
 * Adds a sentence to War and Peace, so that its next export typesets it rather than finding the PDF set before (by
 * Format or an earlier export) in the server's cache.
 */
export async function editWarAndPeace(base: string, cast: Cast): Promise<void> {
  const book = await getBook(base, cast.owner, cast.warAndPeaceId);
  await saveText(base, cast.owner, cast.warAndPeaceId, `${book.formattedText ?? book.cleanedText ?? ''}\n\nSet again for the load test.\n`);
}

/** Exports War and Peace as PDF; resolves what it took, never rejects. */
export function exportWarAndPeace(base: string, cast: Cast): Promise<Exported> {
  return timed(() => exportBook(base, cast.owner, cast.warAndPeaceId, 'pdf')).then(
    ({ ms, value }) => ({ ms, bytes: value }),
    (err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }),
  );
}

/** What phase B measured. */
export interface PhaseB {
  flood: CannonFigures;
  reads: CannonFigures;
  probe: LoadProbe;
}

/**
 * Phase B: {@link FLOOD_CONNECTIONS} connections post wrong passwords for the victim's account from one client address
 * for {@link FLOOD_SECONDS} s, while `connections` connections read the readers' books.
 */
export async function loginFlood(base: string, cast: Cast, connections: number): Promise<PhaseB> {
  await readProbe(base, true);
  const [flood, reads] = await Promise.all([
    cannon({
      url: `${base}/api/auth/login`,
      method: 'POST',
      connections: FLOOD_CONNECTIONS,
      duration: FLOOD_SECONDS,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(FLOOD_CLIENT) },
      body: JSON.stringify({ email: cast.victim.email, password: 'not-the-password' }),
    }),
    cannon(readBooks(base, cast.readers, connections, FLOOD_SECONDS)),
  ]);
  return { flood, reads, probe: await readProbe(base) };
}

/** Calls of one kind in the soak: how many, how many failed (with the first failure), and their times in ms. */
export interface SoakOps {
  count: number;
  failures: number;
  firstFailure: string | null;
  ms: number[];
}

/** What phase C measured. */
export interface PhaseC {
  minutes: number;
  reads: CannonFigures;
  ops: Record<'import' | 'export' | 'signIn', SoakOps>;
  /** The server's RSS, sampled every 10 s from start to end: seconds into the soak, bytes. */
  rss: { atS: number; bytes: number }[];
}

/**
 * Runs `work` now and then every `paceMs` (a call that runs late pushes the next one back) until `end` (epoch ms),
 * counting into `ops` when given.
 */
async function every(paceMs: number, end: number, work: (i: number) => Promise<unknown>, ops?: SoakOps): Promise<void> {
  for (let i = 0; Date.now() < end; i++) {
    const started = Date.now();
    try {
      const { ms } = await timed(() => work(i));
      ops?.ms.push(ms);
    } catch (err) {
      if (!ops) throw err;
      ops.failures++;
      ops.firstFailure ??= err instanceof Error ? err.message : String(err);
    }
    if (ops) ops.count++;
    await sleep(Math.max(0, Math.min(started + paceMs, end) - Date.now()));
  }
}

/**
 * Phase C: for `minutes`, `connections` connections read the readers' books while the readers import the small book,
 * export their books (EPUB, DOCX, PDF, HTML in turn) and sign in again, at the paces of {@link SOAK_PACE_MS}; the
 * server's RSS is read every 10 s, and once more at the end.
 */
export async function soak(base: string, cast: Cast, books: Books, minutes: number, connections: number): Promise<PhaseC> {
  const start = Date.now();
  const end = start + minutes * 60_000;
  const ops = { import: newOps(), export: newOps(), signIn: newOps() };
  const rss: PhaseC['rss'] = [];
  const sampleRss = async () => rss.push({ atS: (Date.now() - start) / 1000, bytes: (await readProbe(base)).rssBytes });
  const reader = (i: number) => cast.readers[i % cast.readers.length]!;
  const [reads] = await Promise.all([
    cannon(readBooks(base, cast.readers, connections, minutes * 60)),
    every(SOAK_PACE_MS.rss, end, sampleRss),
    every(SOAK_PACE_MS.import, end, (i) => importFile(base, reader(i).user, books.small), ops.import),
    every(SOAK_PACE_MS.export, end, (i) => exportBook(base, reader(i).user, reader(i).bookId, SOAK_FORMATS[i % SOAK_FORMATS.length]!), ops.export),
    every(SOAK_PACE_MS.signIn, end, (i) => signIn(base, reader(i).user), ops.signIn),
  ]);
  await sampleRss();
  return { minutes, reads, ops, rss };
}

/** An empty count of soak calls. */
function newOps(): SoakOps {
  return { count: 0, failures: 0, firstFailure: null, ms: [] };
}
